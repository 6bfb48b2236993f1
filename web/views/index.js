// The registry of views: what the nav shows, for whom, and where each view's module lives.
//
// Modules load on first use with dynamic import(), so a view that is missing or broken never
// stops the rest of the page from working (the router shows "coming soon" for it instead).
// Each module's default export is { id, title, roles, render(container, ctx), onLive?(message, ctx) }
// with ctx = { me, api, live, say, explain, navigate }. A view's `title` is read in the page's
// current language each time (the catalogue key `views.<id>`), so the nav follows a language change.

import { t } from '../i18n.js';

const everyone = ['employee', 'manager'];
const managers = ['manager'];

export const views = [
  { id: 'schedule', titleKey: 'views.schedule', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./schedule.js') },
  { id: 'week', titleKey: 'views.week', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./week.js') },
  { id: 'market', titleKey: 'views.market', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./market.js') },
  { id: 'requests', titleKey: 'views.requests', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./requests.js') },
  { id: 'swaps', titleKey: 'views.swaps', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./swaps.js') },
  { id: 'now', titleKey: 'views.now', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./now.js') },
  { id: 'notifications', titleKey: 'views.notifications', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./notifications.js') },
  { id: 'my-fixed-shifts', titleKey: 'views.my-fixed-shifts', get title() { return t(this.titleKey); }, roles: ['employee'], group: 'mine', load: () => import('./my-fixed-shifts.js') },
  { id: 'calendar', titleKey: 'views.calendar', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./calendar.js') },
  { id: 'hours', titleKey: 'views.hours', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./hours.js') },
  { id: 'time-off', titleKey: 'views.time-off', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./time-off.js') },
  { id: 'availability', titleKey: 'views.availability', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./availability.js') },
  { id: 'account', titleKey: 'views.account', get title() { return t(this.titleKey); }, roles: everyone, group: 'mine', load: () => import('./account.js') },
  { id: 'approvals', titleKey: 'views.approvals', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./approvals.js') },
  { id: 'time-off-queue', titleKey: 'views.time-off-queue', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./time-off-queue.js') },
  { id: 'fixed-shift-requests', titleKey: 'views.fixed-shift-requests', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./fixed-shift-requests.js') },
  { id: 'team', titleKey: 'views.team', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./team.js') },
  { id: 'fixed-shifts', titleKey: 'views.fixed-shifts', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./fixed-shifts.js') },
  { id: 'staffing', titleKey: 'views.staffing', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./staffing.js') },
  { id: 'closed-days', titleKey: 'views.closed-days', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./closed-days.js') },
  { id: 'kiosks', titleKey: 'views.kiosks', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./kiosks.js') },
  { id: 'punches', titleKey: 'views.punches', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./punches.js') },
  { id: 'reports', titleKey: 'views.reports', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./reports.js') },
  { id: 'timesheets', titleKey: 'views.timesheets', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./timesheets.js') },
  { id: 'settings', titleKey: 'views.settings', get title() { return t(this.titleKey); }, roles: managers, group: 'manage', load: () => import('./settings.js') },
];

/** The views a user with `role` may open, in nav order. */
export function viewsFor(role) {
  return views.filter((view) => view.roles.includes(role));
}

/** The first view after login. */
export const defaultViewId = 'schedule';
