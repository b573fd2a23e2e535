/**
 * History of module values, for any screen: the chart, the hook on `history_request` and the
 * dialog opener. HistoryChart loads ECharts itself when it first draws.
 */
export { type ChartSeries, HistoryChart, type HistoryChartProps } from './HistoryChart'
export { historySeries } from './history-series'
export { closeHistory, type HistoryTarget, openHistory } from './open-history'
export { HistoryError, type HistoryRange, historyQueryKey, lastDays, useHistory } from './use-history'
