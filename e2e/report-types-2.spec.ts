import { describeReportTypes } from './support/report-types'

// Every report type, in parts that run beside each other (support/report-types.ts).
describeReportTypes(1)
