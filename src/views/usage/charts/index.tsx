// The lazily loaded chunk of the Educator Usage charts: the only modules that import the chart
// library (visx). Import these through lazy-charts.tsx, never statically, or visx joins the
// importing route's chunk.
export { LoginsChart } from '@/views/usage/charts/logins-chart';
export { FrameworkHeatmap } from '@/views/usage/charts/framework-heatmap';
