/**
 * The parts of ECharts the history charts use, and nothing else (tree-shaken `echarts/core`).
 * Only ever imported dynamically (HistoryChart), so the login page and the start screen never
 * load it; the build puts it in its own `echarts` chunk.
 */
import { BarChart, LineChart } from 'echarts/charts'
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
])

export type { EChartsType } from 'echarts/core'
export { init }
