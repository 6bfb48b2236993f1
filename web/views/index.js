// The registry of views: what the nav shows, for whom, and where each view's module lives.
//
// Modules load on first use with dynamic import(), so a view that is missing or broken never
// stops the rest of the page from working (the router shows "coming soon" for it instead).
// Each module's default export is { id, title, roles, render(container, ctx), onLive?(message, ctx) }
// with ctx = { me, api, live, say, explain, navigate }.

const everyone = ['employee', 'manager'];
const managers = ['manager'];

export const views = [
  { id: 'schedule', title: 'My schedule', roles: everyone, group: 'mine', load: () => import('./schedule.js') },
  { id: 'week', title: 'Team week', roles: everyone, group: 'mine', load: () => import('./week.js') },
  { id: 'market', title: 'Marketplace', roles: everyone, group: 'mine', load: () => import('./market.js') },
  { id: 'requests', title: 'Requests', roles: everyone, group: 'mine', load: () => import('./requests.js') },
  { id: 'swaps', title: 'Swaps', roles: everyone, group: 'mine', load: () => import('./swaps.js') },
  { id: 'now', title: 'Now', roles: everyone, group: 'mine', load: () => import('./now.js') },
  { id: 'notifications', title: 'Notifications', roles: everyone, group: 'mine', load: () => import('./notifications.js') },
  { id: 'my-fixed-shifts', title: 'My fixed shifts', roles: ['employee'], group: 'mine', load: () => import('./my-fixed-shifts.js') },
  { id: 'calendar', title: 'Calendar feed', roles: everyone, group: 'mine', load: () => import('./calendar.js') },
  { id: 'hours', title: 'My hours', roles: everyone, group: 'mine', load: () => import('./hours.js') },
  { id: 'time-off', title: 'Time off', roles: everyone, group: 'mine', load: () => import('./time-off.js') },
  { id: 'availability', title: 'Availability', roles: everyone, group: 'mine', load: () => import('./availability.js') },
  { id: 'account', title: 'Account', roles: everyone, group: 'mine', load: () => import('./account.js') },
  { id: 'approvals', title: 'Approvals', roles: managers, group: 'manage', load: () => import('./approvals.js') },
  { id: 'time-off-queue', title: 'Time-off requests', roles: managers, group: 'manage', load: () => import('./time-off-queue.js') },
  { id: 'fixed-shift-requests', title: 'Fixed-shift requests', roles: managers, group: 'manage', load: () => import('./fixed-shift-requests.js') },
  { id: 'team', title: 'Team', roles: managers, group: 'manage', load: () => import('./team.js') },
  { id: 'fixed-shifts', title: 'Fixed shifts', roles: managers, group: 'manage', load: () => import('./fixed-shifts.js') },
  { id: 'closed-days', title: 'Closed days', roles: managers, group: 'manage', load: () => import('./closed-days.js') },
  { id: 'kiosks', title: 'Kiosks', roles: managers, group: 'manage', load: () => import('./kiosks.js') },
  { id: 'punches', title: 'Punches', roles: managers, group: 'manage', load: () => import('./punches.js') },
  { id: 'reports', title: 'Reports', roles: managers, group: 'manage', load: () => import('./reports.js') },
  { id: 'timesheets', title: 'Timesheets', roles: managers, group: 'manage', load: () => import('./timesheets.js') },
  { id: 'settings', title: 'Settings', roles: managers, group: 'manage', load: () => import('./settings.js') },
];

/** The views a user with `role` may open, in nav order. */
export function viewsFor(role) {
  return views.filter((view) => view.roles.includes(role));
}

/** The first view after login. */
export const defaultViewId = 'schedule';
