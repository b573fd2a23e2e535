/**
 * The parts of ECharts the report charts use (tree-shaken `echarts/core`): lines, bars, the
 * toolbar, zoom by area, inside and slider zoom, the scrolling legend, run shading and the PWI
 * colours. Only ever imported dynamically (ReportChart), so the login page never loads it.
 */
import { BarChart, LineChart } from 'echarts/charts'
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components'
import { init, use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  ToolboxComponent,
  MarkAreaComponent,
  VisualMapComponent,
  CanvasRenderer,
])

export type { EChartsType } from 'echarts/core'
export { init }
