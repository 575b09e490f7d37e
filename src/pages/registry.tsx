// The page registry: every bespoke page of the app, declared once. App.tsx mounts the routes
// from it, the browser tab, the page heading and the menu take a page's title from it, and
// the "not built yet" routes are what no built page claims. A new page is one folder under
// src/pages/ and one entry here (README, "How to add a page").
//
// Each page is loaded when first drawn (src/app/ViewLoadBoundary.tsx), so the first page's
// code holds only this list; the pages share one chunk with the shell's frame (vite.config.ts).

import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { LoginPage } from '../app/LoginPage';
import { AREA_MENUS } from '../app/menus/area';
import { CHANGE_PASSWORD_PATHS } from '../app/shellPaths';
import { HOME_PATHS, LOGIN_PATHS } from '../providers/loginPaths';
import { lazyPage } from '../app/ViewLoadBoundary';
import { PageAccess, rolesMayOpen } from '../app/frame/PageAccess';
import { HR_DASHBOARD_ALL_ROLES } from '../shared/api/hrDashboard';
import { LOGIN_KINDS, type LoginKind } from '../providers/session';
import { COMBOARD_AREA_PATHS, NOTIFICATION_DETAIL_ROUTES, NOTIFICATION_LIST_PATHS } from '../shared/notificationTarget';
import { FINANCE_ROLES } from '../shared/api/finance';
import { MAIL_ROLES } from '../shared/api/mail';
import { SELECTION_ADMIN_ROLES } from '../shared/api/selection';
import { ATTENDANCE_REPORT_ROLES } from '../shared/api/portal';
import { Dashboard } from './dashboard/Dashboard';
import { PUBLIC_NOT_BUILT, RESOURCE_SUBPAGES_NOT_BUILT, STAFF_NOT_BUILT } from './notBuilt/notBuiltPaths';

const ParentHomePage = lazyPage(() => import('./parentPortal/ParentHomePage').then((m) => m.ParentHomePage));
const StudentHomePage = lazyPage(() => import('./studentPortal/StudentHomePage').then((m) => m.StudentHomePage));
const PortfolioPage = lazyPage(() => import('./studentPortal/PortfolioPage').then((m) => m.PortfolioPage));
const PortalAttendancePage = lazyPage(() => import('./parentPortal/AttendancePage').then((m) => m.AttendancePage));
const PortalFinancePage = lazyPage(() => import('./parentPortal/FinancePage').then((m) => m.FinancePage));
const PortalSchedulePage = lazyPage(() => import('./parentPortal/SchedulePage').then((m) => m.SchedulePage));
const PortalCalendarPage = lazyPage(() => import('./parentPortal/CalendarPage').then((m) => m.CalendarPage));
const PortalAcademicPage = lazyPage(() => import('./parentPortal/AcademicPage').then((m) => m.AcademicPage));
const PortalCourseworkPage = lazyPage(() => import('./parentPortal/CourseworkPage').then((m) => m.CourseworkPage));
const AttendanceReportPage = lazyPage(() => import('./attendanceReport/AttendanceReportPage').then((m) => m.AttendanceReportPage));
const DataDictionaryPage = lazyPage(() => import('./dataDictionary/DataDictionaryPage').then((m) => m.DataDictionaryPage));
const AreaHome = lazyPage(() => import('./areaHome/AreaHome').then((m) => m.AreaHome));
const ComboardAreaPage = lazyPage(() => import('./comboard/ComboardAreaPage').then((m) => m.ComboardAreaPage));
const ComboardHomePage = lazyPage(() => import('./comboard/ComboardHomePage').then((m) => m.ComboardHomePage));
const ComboardListPage = lazyPage(() => import('./comboard/ComboardListPage').then((m) => m.ComboardListPage));
const FinanceDashboardPage = lazyPage(() => import('./financeDashboard/FinanceDashboardPage').then((m) => m.FinanceDashboardPage));
const PaymentListPage = lazyPage(() => import('./financePayments/PaymentListPage').then((m) => m.PaymentListPage));
const BankImportPage = lazyPage(() => import('./financeBankImport/BankImportPage').then((m) => m.BankImportPage));
const GenerateVaPage = lazyPage(() => import('./financeVa/GenerateVaPage').then((m) => m.GenerateVaPage));
const SendEmailPage = lazyPage(() => import('./financeMail/SendEmailPage').then((m) => m.SendEmailPage));
const OutboxPage = lazyPage(() => import('./financeMail/OutboxPage').then((m) => m.OutboxPage));
const SentPage = lazyPage(() => import('./financeMail/SentPage').then((m) => m.SentPage));
const JournalListPage = lazyPage(() => import('./financeJournals/JournalListPage').then((m) => m.JournalListPage));
const PaymentEntryPage = lazyPage(() => import('./financePayment/PaymentEntryPage').then((m) => m.PaymentEntryPage));
const ComboardRecipientsPage = lazyPage(() => import('./comboard/ComboardRecipientsPage').then((m) => m.ComboardRecipientsPage));
const GenerateInvoicesPage = lazyPage(() => import('./financeInvoices/GenerateInvoicesPage').then((m) => m.GenerateInvoicesPage));
const InvoiceListPage = lazyPage(() => import('./financeInvoices/InvoiceListPage').then((m) => m.InvoiceListPage));
const UploadInvoicesPage = lazyPage(() => import('./financeInvoices/UploadInvoicesPage').then((m) => m.UploadInvoicesPage));
const ReversingDatePage = lazyPage(() => import('./financeInvoices/ReversingDatePage').then((m) => m.ReversingDatePage));
const GeneratePenaltyPage = lazyPage(() => import('./financeInvoices/GeneratePenaltyPage').then((m) => m.GeneratePenaltyPage));
const reportPages = () => import('./financeReports/ReportPages');
const ArOutstandingPage = lazyPage(() => reportPages().then((m) => m.ArOutstandingPage));
const ArAgingPage = lazyPage(() => reportPages().then((m) => m.ArAgingPage));
const ArSummaryPage = lazyPage(() => reportPages().then((m) => m.ArSummaryPage));
const ArDashboardPage = lazyPage(() => reportPages().then((m) => m.ArDashboardPage));
const PaymentDashboardPage = lazyPage(() => reportPages().then((m) => m.PaymentDashboardPage));
const PaymentSummaryClassPage = lazyPage(() => reportPages().then((m) => m.PaymentSummaryClassPage));
const PaymentSummaryTypePage = lazyPage(() => reportPages().then((m) => m.PaymentSummaryTypePage));
const FinancialReportPage = lazyPage(() => reportPages().then((m) => m.FinancialReportPage));
const CandidatePaymentPage = lazyPage(() => reportPages().then((m) => m.CandidatePaymentPage));
const PaymentImportReportPage = lazyPage(() => reportPages().then((m) => m.PaymentImportReportPage));
const LeaveRequestPage = lazyPage(() => import('./hrLeave/LeaveRequestPage').then((m) => m.LeaveRequestPage));
const LeaveListPage = lazyPage(() => import('./hrLeave/LeaveListPage').then((m) => m.LeaveListPage));
const AcademicCalendarPage = lazyPage(() => import('./academicCalendar/AcademicCalendarPage').then((m) => m.AcademicCalendarPage));
const AcademicHomePage = lazyPage(() => import('./academicHome/AcademicHomePage').then((m) => m.AcademicHomePage));
const HrDashboardPage = lazyPage(() => import('./hrDashboard/HrDashboardPage').then((m) => m.HrDashboardPage));
const LeaveApprovalPage = lazyPage(() => import('./hrLeave/LeaveApprovalPage').then((m) => m.LeaveApprovalPage));
const LeaveSummaryPage = lazyPage(() => import('./hrLeaveSummary/LeaveSummaryPage').then((m) => m.LeaveSummaryPage));
const PermissionApprovalPage = lazyPage(() => import('./permissions/PermissionApprovalPage').then((m) => m.PermissionApprovalPage));
const ParentPermissionPage = lazyPage(() => import('./permissions/ParentPermissionPage').then((m) => m.ParentPermissionPage));
const ChangePasswordPage = lazyPage(() => import('./changePassword/ChangePasswordPage').then((m) => m.ChangePasswordPage));
const HomeModulePage = lazyPage(() => import('./homeModule/HomeModulePage').then((m) => m.HomeModulePage));
const NotBuiltPage = lazyPage(() => import('./notBuilt/NotBuiltPage').then((m) => m.NotBuiltPage));
const NotificationListPage = lazyPage(() => import('./notifications/NotificationListPage').then((m) => m.NotificationListPage));
const NotificationPage = lazyPage(() => import('./notifications/NotificationPage').then((m) => m.NotificationPage));
const ProfilePage = lazyPage(() => import('./profile/ProfilePage').then((m) => m.ProfilePage));
const SelectionPage = lazyPage(() => import('./selection/SelectionPage').then((m) => m.SelectionPage));
const PublicNotBuiltPage = lazyPage(() => import('./notBuilt/PublicNotBuiltPage').then((m) => m.PublicNotBuiltPage));

export type AreaKind = Exclude<LoginKind, 'staff'>;

/**
 * Where a route is drawn: `shell` in the staff admin layout (react-admin asks for a session;
 * a user of another kind is sent to their home), `area` in the simpler layout of the route's
 * kind (which lets only a user of that kind in), `public` on its own, with or without a session.
 * Within the kind, a page's `roles` narrow who may open it.
 */
export type PageLayout = 'shell' | 'area' | 'public';

/** A route of a page; `kind` is the kind of user it is for: who may open it, and whose area layout draws it. */
export type PageRoute =
  | { path: string; layout: 'area'; kind: AreaKind }
  | { path: string; layout: Exclude<PageLayout, 'area'>; kind: LoginKind };

export interface PageDeclaration {
  /** The page's name: its texts' namespace in the locales (`<name>.*`) when it has texts and no `texts`. */
  name: string;
  /**
   * The namespace of its texts when it shares one with the other pages of its folder
   * (`notifications.*` for the list and the detail), kept in src/pages/<folder>/texts/.
   */
  texts?: string;
  routes: readonly PageRoute[];
  /** The translation key of its title (tab, heading, menu); else its route's (`app.route.*`, `app.page.*`). */
  title?: string;
  /** The module menus (src/app/menus/<menu>.ts) that list it; tests/app/pageRegistry.test.ts checks both agree. */
  menus?: readonly string[];
  /**
   * Who may open it, besides its routes' kind of login: a user holding one of these roles.
   * Anybody else gets the access-denied page there, and no menu entry. None: every user of the kind.
   */
  roles?: readonly string[];
  /** What the route draws, loaded on demand. */
  element: (route: PageRoute) => ReactElement | null;
}

const AREA_KINDS: readonly AreaKind[] = ['parent', 'student', 'booking'];

const shell = (path: string): PageRoute => ({ path, kind: 'staff', layout: 'shell' });
const area = (kind: AreaKind, path: string): PageRoute => ({ path, kind, layout: 'area' });
const open = (path: string, kind: LoginKind = 'staff'): PageRoute => ({ path, kind, layout: 'public' });

const BUILT_PAGES: readonly PageDeclaration[] = [
  {
    // The root (spec 1 §2.1, §2.3): react-admin's dashboard, which sends non-finance users on;
    // finance users see the finance dashboard (issue 13; spec 3 §2.1), texts `finance.dashboard.*`.
    name: 'dashboard',
    texts: 'finance',
    routes: [shell('/')],
    element: () => <Dashboard financeHome={<FinanceDashboardPage />} />,
  },
  {
    // The staff login is react-admin's loginPage (/login); the other kinds' are routes.
    name: 'login',
    routes: LOGIN_KINDS.filter((kind) => kind !== 'staff').map((kind) => open(LOGIN_PATHS[kind], kind)),
    element: (route) => <LoginPage kind={route.kind} />,
  },
  {
    name: 'changePassword',
    routes: LOGIN_KINDS.map((kind) => open(CHANGE_PASSWORD_PATHS[kind], kind)),
    element: (route) => <ChangePasswordPage kind={route.kind} />,
  },
  {
    // /parent, /student, /bookingroom: the area's home.
    name: 'areaEntrance',
    routes: [open('/parent', 'parent'), open('/student', 'student'), open('/bookingroom', 'booking')],
    element: (route) => <Navigate to={HOME_PATHS[route.kind]} replace />,
  },
  {
    // The booking area's home (its module is a later issue's); the parent's and student's are the portals'.
    name: 'areaHome',
    routes: [area('booking', HOME_PATHS.booking)],
    element: (route) => (route.layout === 'area' ? <AreaHome kind={route.kind} /> : null),
  },
  {
    // The parent portal's home (issue 15; spec 2 §2.5): its texts are `portal.*`, which the
    // portal pages of both areas share; titles are the routes'.
    name: 'parentHome',
    texts: 'portal',
    routes: [area('parent', HOME_PATHS.parent)],
    element: () => <ParentHomePage />,
  },
  {
    name: 'studentHome',
    texts: 'portal',
    routes: [area('student', HOME_PATHS.student)],
    element: () => <StudentHomePage />,
  },
  {
    // Daily and subject attendance of the parent's children or the student (spec 1 §2.4–§2.5).
    name: 'portalAttendance',
    texts: 'portal',
    routes: (['parent', 'student'] as const).flatMap((kind) =>
      ['attendance', 'attendance/daily-attendance', 'attendance/subject-attendance'].map((page) => area(kind, `/${kind}/${page}`)),
    ),
    element: (route) => <PortalAttendancePage base={route.kind === 'student' ? '/student' : '/parent'} path={route.path} />,
  },
  {
    name: 'portalFinance',
    texts: 'portal',
    routes: ['', '/invoice', '/payment', '/waiver'].map((tab) => area('parent', `/parent/finance${tab}`)),
    element: (route) => <PortalFinancePage path={route.path} />,
  },
  {
    name: 'portalSchedule',
    texts: 'portal',
    routes: [area('parent', '/parent/schedule'), area('student', '/student/schedule')],
    element: (route) => <PortalSchedulePage path={route.path} />,
  },
  {
    name: 'portalCalendar',
    texts: 'portal',
    routes: [area('parent', '/parent/calendar'), area('student', '/student/calendar')],
    element: (route) => <PortalCalendarPage path={route.path} />,
  },
  {
    name: 'portalAcademic',
    texts: 'portal',
    routes: [area('parent', '/parent/academic'), area('student', '/student/academic')],
    element: (route) => <PortalAcademicPage path={route.path} />,
  },
  {
    name: 'portalCoursework',
    texts: 'portal',
    routes: [area('parent', '/parent/coursework'), area('student', '/student/coursework')],
    element: (route) => <PortalCourseworkPage path={route.path} />,
  },
  {
    // Staff's report of the daily attendance records per student of a class (issue 15).
    name: 'attendanceReport',
    texts: 'portal',
    routes: [shell('/reportattendancedaily')],
    menus: ['academic'],
    roles: ATTENDANCE_REPORT_ROLES,
    element: () => <AttendanceReportPage />,
  },
  {
    name: 'studentPortfolio',
    texts: 'portal',
    routes: [area('student', '/student/portofolio')],
    element: () => <PortfolioPage />,
  },
  {
    name: 'notificationList',
    texts: 'notifications',
    routes: (['parent', 'student'] as const).map((kind) => area(kind, NOTIFICATION_LIST_PATHS[kind] ?? '')),
    element: (route) => (route.kind === 'parent' || route.kind === 'student' ? <NotificationListPage kind={route.kind} /> : null),
  },
  {
    name: 'notification',
    texts: 'notifications',
    routes: [shell(NOTIFICATION_DETAIL_ROUTES.staff), ...AREA_KINDS.map((kind) => area(kind, NOTIFICATION_DETAIL_ROUTES[kind]))],
    element: (route) => <NotificationPage kind={route.kind} />,
  },
  {
    // The top bar's Profile (spec 1 §1, §2.9).
    name: 'profile',
    routes: [shell('/employee-profile')],
    element: () => <ProfilePage />,
  },
  {
    // The data dictionary (issue 16): every entity's fields, rules, references and access, for
    // admins; generated from the schemas. Last in the academic menu's settings.
    name: 'dataDictionary',
    routes: [shell('/data-dictionary')],
    title: 'dataDictionary.title',
    menus: ['academic'],
    roles: ['ROLE_ADMIN'],
    element: () => <DataDictionaryPage />,
  },
  {
    // The add-on modules' home (spec 1 §2.3).
    name: 'homeModulePage',
    routes: [shell('/home-module')],
    title: 'homeModulePage.title',
    menus: ['addon'],
    element: () => <HomeModulePage />,
  },
  {
    // The announcement board's staff list (spec 2 §2.1–§2.4); its texts are `comboard.*`,
    // which the board's other pages share.
    name: 'comboard',
    routes: [shell('/comboardlist')],
    title: 'comboard.title',
    menus: ['comboard'],
    element: () => <ComboardListPage />,
  },
  {
    // The board as each staff user sees it (issue 11).
    name: 'comboardHome',
    routes: [shell('/home-comboard')],
    menus: ['academic', 'comboard'],
    element: () => <ComboardHomePage />,
  },
  {
    // The board as a parent or a student sees it: where their announcement notifications lead.
    name: 'comboardArea',
    routes: [area('parent', COMBOARD_AREA_PATHS.parent), area('student', COMBOARD_AREA_PATHS.student)],
    title: 'comboard.area.title',
    element: (route) => <ComboardAreaPage path={route.path} />,
  },
  {
    // One announcement's recipients (spec 2 §2.4): /comboardrecipients?comboard_id=.
    name: 'comboardRecipients',
    routes: [shell('/comboardrecipients')],
    element: () => <ComboardRecipientsPage />,
  },
  {
    // An employee's leave request (issue 14; spec 3 §2.3, §3.3): its texts are `hrLeave.*`,
    // which the leave pages share; the titles are the routes'.
    name: 'hrLeaveRequest',
    texts: 'hrLeave',
    routes: [shell('/reqleave')],
    element: () => <LeaveRequestPage />,
  },
  {
    // The employee's own leave and what is left of it (spec 3 §2.9).
    name: 'hrLeaveList',
    texts: 'hrLeave',
    routes: [shell('/leave')],
    element: () => <LeaveListPage />,
  },
  {
    // The academic home (spec 1 §2.1, §2.3): where staff without the finance role land. Texts
    // `academicHome.*`; the title is the route's.
    name: 'academicHome',
    routes: [shell('/home-academic')],
    menus: ['academic'],
    element: () => <AcademicHomePage />,
  },
  {
    // The staff calendar (spec 1 §2.7 "Calendar and periods"): the month's school events and
    // holidays. Texts `academicCalendar.*`; the title is the route's.
    name: 'academicCalendar',
    routes: [shell('/calendar')],
    menus: ['academic'],
    element: () => <AcademicCalendarPage />,
  },
  {
    // The HR dashboard (issue 14; spec 3 §2.2): its texts are `hrDashboard.*`; the title is the route's.
    name: 'hrDashboard',
    routes: [shell('/home-hrd')],
    menus: ['hr'],
    element: () => <HrDashboardPage />,
  },
  {
    // The approvals (spec 3 §2.3); ?leave={id} opens one (spec 1 §4 tr_hr_leave_approval).
    name: 'hrLeaveApproval',
    texts: 'hrLeave',
    routes: [shell('/hrreqleave')],
    menus: ['hr'],
    element: () => <LeaveApprovalPage />,
  },
  {
    // Leave granted, taken and left per employee and type in a year, for HR (issue 14); texts `hrLeaveSummary.*`.
    name: 'hrLeaveSummary',
    routes: [shell('/leave-summary')],
    menus: ['hr'],
    roles: HR_DASHBOARD_ALL_ROLES,
    element: () => <LeaveSummaryPage />,
  },
  {
    // Student permission requests the caller approves (issue 14; spec 1 §2.7, §4): /permission/{id}
    // opens one (tr_permission). Texts `permissions.*`, shared with the parent's page.
    name: 'permissionApproval',
    texts: 'permissions',
    routes: [shell('/permissions')],
    menus: ['academic'],
    element: () => <PermissionApprovalPage />,
  },
  {
    name: 'permissionDetail',
    texts: 'permissions',
    routes: [shell('/permission/:type')],
    element: () => <PermissionApprovalPage />,
  },
  {
    // A parent asks permission for a child (spec 1 §2.4 /parent/permission).
    name: 'parentPermission',
    texts: 'permissions',
    routes: [area('parent', '/parent/permission')],
    element: () => <ParentPermissionPage />,
  },
  {
    // The parent's list of their children's permission requests (spec 1 §2.7, §2.8 parent menu): the same page, list only.
    name: 'parentPermissionList',
    texts: 'permissions',
    routes: [area('parent', '/permissions-parent')],
    element: () => <ParentPermissionPage listOnly />,
  },
  {
    // Generating invoices (issue 12; spec 3 §2.10): its texts are `finance.invoices.*`, which
    // the invoice pages share; the title is the route's.
    name: 'financeGenerateInvoices',
    texts: 'finance',
    routes: [shell('/income')],
    menus: ['finance'],
    roles: FINANCE_ROLES.read,
    element: () => <GenerateInvoicesPage />,
  },
  {
    // The invoices, and one invoice's detail at ?invoice=<id> (where notifications lead).
    name: 'financeInvoices',
    texts: 'finance',
    routes: [shell('/invoicetransaction')],
    menus: ['finance'],
    roles: FINANCE_ROLES.read,
    element: () => <InvoiceListPage />,
  },
  {
    name: 'financeUploadInvoices',
    texts: 'finance',
    routes: [shell('/uploadincome')],
    menus: ['finance'],
    roles: FINANCE_ROLES.administer,
    element: () => <UploadInvoicesPage />,
  },
  {
    name: 'financeReversingDate',
    texts: 'finance',
    routes: [shell('/reversingdate')],
    menus: ['finance'],
    roles: FINANCE_ROLES.administer,
    element: () => <ReversingDatePage />,
  },
  {
    name: 'financeGeneratePenalty',
    texts: 'finance',
    routes: [shell('/generatepenalty')],
    menus: ['finance'],
    roles: FINANCE_ROLES.administer,
    element: () => <GeneratePenaltyPage />,
  },
  {
    // Recording a payment against a student's or candidate's open invoices (issue 12 "Payments").
    name: 'financePayment',
    texts: 'finance',
    routes: [shell('/payment')],
    roles: FINANCE_ROLES.operate,
    element: () => <PaymentEntryPage />,
  },
  {
    // The payments (spec 3 §2.6); `?payment=<id>` opens one (a notification about a payment).
    name: 'financePayments',
    texts: 'finance',
    routes: [shell('/paymenttransaction')],
    menus: ['finance'],
    roles: FINANCE_ROLES.read,
    element: () => <PaymentListPage />,
  },
  {
    // Importing a bank's virtual-account payments file: checked first, then committed (issue 12).
    name: 'financeBankImport',
    texts: 'finance',
    routes: [shell('/uploadva')],
    menus: ['finance'],
    roles: FINANCE_ROLES.administer,
    element: () => <BankImportPage />,
  },
  {
    // VA numbers for the students and candidates without one, from a VA code (issue 12).
    name: 'financeVa',
    texts: 'finance',
    routes: [shell('/generateva')],
    menus: ['finance'],
    roles: FINANCE_ROLES.administer,
    element: () => <GenerateVaPage />,
  },
  {
    // The ledger's journals with their lines and sync state (issue 12; spec 3 §4).
    name: 'financeJournals',
    texts: 'finance',
    routes: [shell('/journal')],
    menus: ['finance'],
    roles: FINANCE_ROLES.read,
    element: () => <JournalListPage />,
  },
  // The receivables and payment reports (issue 13; spec 3 §2.10): one frame, their texts
  // `financeReports.*`, their titles the routes'. The two dashboards are opened from the finance
  // dashboard's pie (spec 3 §2.1), not from a menu.
  ...(
    [
      ['financeArOutstanding', '/aroutstanding', ['finance'], () => <ArOutstandingPage />],
      ['financeArAging', '/araging', ['finance'], () => <ArAgingPage />],
      ['financeArSummary', '/arsummary', ['finance'], () => <ArSummaryPage />],
      ['financeArDashboard', '/ardashboard', [], () => <ArDashboardPage />],
      ['financePaymentDashboard', '/paymentdashboard', [], () => <PaymentDashboardPage />],
      ['financePaymentSummaryClass', '/paymentsummaryclass', ['finance'], () => <PaymentSummaryClassPage />],
      ['financePaymentSummaryType', '/paymentsummarytype', ['finance'], () => <PaymentSummaryTypePage />],
      ['financeFinancialReport', '/financial-report', ['finance'], () => <FinancialReportPage />],
      ['financeCandidatePayments', '/reportcandidatepayment', ['finance'], () => <CandidatePaymentPage />],
      ['financePaymentImportReport', '/paymentreportimport', ['finance'], () => <PaymentImportReportPage />],
    ] as const
  ).map(([name, path, menus, element]): PageDeclaration => ({
    name,
    texts: 'financeReports',
    routes: [shell(path)],
    ...(menus.length ? { menus } : {}),
    roles: FINANCE_ROLES.read,
    element,
  })),
  {
    // E-mail to the parents about their open invoices, through the outbox (issue 13; spec 3 §5).
    name: 'financeSendEmail',
    texts: 'finance',
    routes: [shell('/sendemail')],
    menus: ['finance'],
    roles: MAIL_ROLES.send,
    element: () => <SendEmailPage />,
  },
  {
    // The messages not sent yet, with Retry (issue 13; spec 3 §3.2, §4).
    name: 'financeOutbox',
    texts: 'finance',
    routes: [shell('/outbox')],
    menus: ['finance'],
    roles: MAIL_ROLES.read,
    element: () => <OutboxPage />,
  },
  {
    // The messages the mail server took, with Resend (issue 13; spec 3 §3.2, §4).
    name: 'financeSent',
    texts: 'finance',
    routes: [shell('/sent')],
    menus: ['finance'],
    roles: MAIL_ROLES.read,
    element: () => <SentPage />,
  },
  {
    // Subject selection (issue 15; spec 3 §2.4): an admin chooses on a student's behalf in the
    // shell, a student for themself in the student area. Texts: `selection.*`, shared with
    // interest selection.
    name: 'subjectSelection',
    texts: 'selection',
    routes: [shell('/subject-selection'), area('student', '/student/subject-selection')],
    menus: ['addon'],
    roles: [...SELECTION_ADMIN_ROLES, 'ROLE_STUDENT'],
    element: (route) => <SelectionPage kind="subject" path={route.path} forAdmin={route.layout === 'shell'} />,
  },
  {
    // Interest (extracurricular) selection (spec 3 §2.5), the same for extracurriculars.
    name: 'interestSelection',
    texts: 'selection',
    routes: [shell('/interest-selection'), area('student', '/student/interest-selection')],
    menus: ['addon'],
    roles: [...SELECTION_ADMIN_ROLES, 'ROLE_STUDENT'],
    element: (route) => <SelectionPage kind="extracurricular" path={route.path} forAdmin={route.layout === 'shell'} />,
  },
];

const claimed = new Set(BUILT_PAGES.flatMap((page) => page.routes.map((route) => route.path)));

/** The screens later issues build: their routes say so, under their titles. */
const NOT_BUILT: PageDeclaration = {
  name: 'notBuilt',
  routes: [
    ...[...STAFF_NOT_BUILT, ...RESOURCE_SUBPAGES_NOT_BUILT].map((path) => shell(path)),
    ...AREA_KINDS.flatMap((kind) => AREA_MENUS[kind].filter((path) => !claimed.has(path)).map((path) => area(kind, path))),
    ...PUBLIC_NOT_BUILT.map((path) => open(path)),
  ],
  element: (route) => (route.layout === 'public' ? <PublicNotBuiltPage path={route.path} /> : <NotBuiltPage path={route.path} />),
};

export const PAGES: readonly PageDeclaration[] = [...BUILT_PAGES, NOT_BUILT];

export interface MountedRoute {
  page: PageDeclaration;
  route: PageRoute;
}

/** Every route of every page, in the registry's order. */
export const PAGE_ROUTES: readonly MountedRoute[] = PAGES.flatMap((page) => page.routes.map((route) => ({ page, route })));

const byPath = new Map(PAGE_ROUTES.map((mounted) => [mounted.route.path, mounted]));

/** What a registry route draws: its page's element, behind the page's `roles` (the access-denied page otherwise). */
export function mountedElement({ page, route }: MountedRoute): ReactElement {
  return <PageAccess roles={page.roles}>{page.element(route)}</PageAccess>;
}

/** Whether these roles may open the page at this route path (a path no page declares: yes, it is no page's business). */
export function mayOpenPath(path: string, roles: readonly string[]): boolean {
  return rolesMayOpen(byPath.get(path)?.page.roles, roles);
}

/** The page declared at exactly this route path (`/notification/:id`, not `/notification/5`). */
export function pageAt(path: string): MountedRoute | undefined {
  return byPath.get(path);
}

/** A page's own title key at this route path, when it declares one. */
export function pageTitleKey(path: string): string | undefined {
  return byPath.get(path)?.page.title;
}

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

/**
 * The first path segments of the shell's own pages, which are no resource: opening one
 * never needs the registry's entries of every module (src/main.tsx). A page under a
 * resource's path (its calendar) leaves the resource's segment alone.
 */
export const SHELL_SEGMENTS: ReadonlySet<string> = new Set([
  ...Object.values(LOGIN_PATHS).map(firstSegment),
  ...PAGE_ROUTES.map(({ route }) => route.path)
    .filter((path) => !RESOURCE_SUBPAGES_NOT_BUILT.includes(path))
    .map(firstSegment),
]);
