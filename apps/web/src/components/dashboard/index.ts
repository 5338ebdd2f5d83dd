// The pieces every role's dashboard is built from; only dashboard and overview routes import them.
// The dashboard route renders the GreetingBanner above each role's dashboard: a role dashboard
// renders what follows it (its own alerts, cards, charts and lists), not a second greeting.
export { GreetingBanner, type GreetingBannerProps } from './greeting-banner';
export {
  ActionGrid,
  ActivityList,
  type DashboardAction,
  formatRate,
  NOT_RECORDED,
  ProgressBar,
} from './panels';
export { StatCard, type StatCardProps, StatGrid, type Tone } from './stat-card';
export { AlertBanner, type AlertBannerProps, DashboardSkeleton } from './states';
