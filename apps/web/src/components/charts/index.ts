// Charts (recharts) for the dashboard and overview routes only: never import this from the
// entry chunk (router, shell, guards), or the first load carries the chart library.
export { CHART_COLORS, ChartFrame, type ChartFrameProps, type ChartRow } from './chart-frame';
export { compactNaira, RankingChart, ShareChart, TrendChart } from './charts';
