import { CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

// The parts of chart.js the stats graph draws with (a line chart on a category axis, its tooltip and
// legend), named one by one so the bundle holds only them: stats-view.ts loads this module in the
// browser, when there is a graph to draw.

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

export { Chart };
