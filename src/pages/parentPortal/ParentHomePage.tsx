// /parent/home (spec 2 §2.5): the greeting; the left column with each child's weekly attendance
// ("More" to /parent/attendance) and the Comboard Priority list; the announcement feed with its
// comments (the board's own feed, src/pages/comboard/); the right column with each child's
// outstanding invoices and payments (Set Period narrows them) and the subject attendance of the
// week. A parent with several children sees each child's rows grouped and may narrow the page to
// one child. On a phone: the shortcut tiles first, then the panels one under another. The
// contact-us pop-up shows the school's number for the theme in use (a setting, /settinggeneral).
// What the panels show is what the server answers for the caller's own children only.

import './texts/register';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Fab,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import PaymentsIcon from '@mui/icons-material/Payments';
import PhoneIcon from '@mui/icons-material/Phone';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useAuthProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AppAuthProvider } from '../../providers/authProvider';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { formatRupiah } from '../../shared/api/finance';
import { COMBOARD_PATHS, type ComboardCard } from '../../shared/api/comboard';
import {
  PORTAL_PATHS,
  defaultWeek,
  type Child,
  type ChildInvoices,
  type ChildPayments,
  type ChildSubjects,
  type ChildWeek,
} from '../../shared/api/portal';
import { ComboardFeed } from '../comboard/ComboardFeed';
import { useComboardFeed } from '../comboard/useComboardFeed';
import { dateText, usePortalGet } from './portalCalls';
import { schoolToday } from '../../shared/schoolCalendar';
import { ChildFilter, ChildGroup, LoadedBody, Panel, SetPeriodDialog, type Period } from './PortalParts';
import { PortalDetailDialog, type DetailTarget } from './PortalDetails';
import { DayRow, InvoiceRowView, PaymentRowView } from './PortalRows';

const HOME = '/parent/home';
const NO_FILTER = {};

/** The page's title, then "Hi" with the name and the user name (spec 2 §2.5). */
function Greeting({ title }: { title: string }) {
  const translate = useTranslate();
  const user = (useAuthProvider() as AppAuthProvider | undefined)?.currentUser();
  return (
    <Box data-testid="portal-greeting">
      <Typography component="h1" variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>
        {title}
      </Typography>
      {user && (
        <>
          <Typography component="p" variant="h5">
            {translate('portal.hi', { name: user.name || user.username })}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {translate('portal.signed_in_as', { username: user.username })}
          </Typography>
        </>
      )}
    </Box>
  );
}

function Tiles({ priorities, onPriority }: { priorities: readonly ComboardCard[]; onPriority: () => void }) {
  const translate = useTranslate();
  const tiles = [
    { key: 'weekly', icon: <CalendarMonthIcon />, to: '/parent/attendance/daily-attendance' },
    ...(priorities.length ? [{ key: 'priority', icon: <CampaignIcon />, to: null }] : []),
    { key: 'invoices', icon: <ReceiptLongIcon />, to: '/parent/finance/invoice' },
    { key: 'payments', icon: <PaymentsIcon />, to: '/parent/finance/payment' },
  ];
  return (
    <Box component="nav" aria-label={translate('portal.tiles.label')} data-testid="portal-tiles" sx={{ display: { xs: 'grid', md: 'none' }, gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      {tiles.map((tile) => (
        <Card key={tile.key} variant="outlined">
          <CardActionArea
            {...(tile.to ? { component: RouterLink, to: tile.to } : { onClick: onPriority })}
            sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 84, justifyContent: 'center' }}
          >
            <Box sx={{ color: 'primary.main' }}>{tile.icon}</Box>
            <Typography variant="body2" sx={{ textAlign: 'center', fontWeight: 500 }}>
              {translate(`portal.panels.${tile.key}`)}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function ContactUs() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const contact = usePortalGet<{ theme: string; phone: string | null }>(PORTAL_PATHS.contact);
  return (
    <>
      {/* A round button on a phone, so it hides less of the rows under it. */}
      <Fab
        variant={phone ? 'circular' : 'extended'}
        color="secondary"
        size={phone ? 'small' : 'medium'}
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1200 }}
        aria-haspopup="dialog"
        aria-label={translate('portal.contact.button')}
      >
        <SupportAgentIcon sx={{ mr: phone ? 0 : 1 }} />
        {!phone && translate('portal.contact.button')}
      </Fab>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="contact-title" data-testid="contact-dialog">
        <DialogTitle id="contact-title">{translate('portal.contact.title')}</DialogTitle>
        <DialogContent>
          <LoadedBody loaded={contact} reload={contact.reload}>
            {(data) =>
              data.phone ? (
                <Stack spacing={1}>
                  <Typography>{translate('portal.contact.text')}</Typography>
                  <Link href={`tel:${data.phone.replace(/[^+\d]/g, '')}`} variant="h6" data-testid="contact-phone" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <PhoneIcon /> {data.phone}
                  </Link>
                </Stack>
              ) : (
                <Typography>{translate('portal.contact.none')}</Typography>
              )
            }
          </LoadedBody>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('portal.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function PriorityDialog({ open, items, onClose, onChoose }: { open: boolean; items: readonly ComboardCard[]; onClose: () => void; onChoose: (id: number) => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="priority-title">
      <DialogTitle id="priority-title">{translate('portal.panels.priority')}</DialogTitle>
      <List>
        {items.map((card) => (
          <ListItemButton key={card.id} onClick={() => onChoose(card.id)}>
            <ListItemText primary={card.title} />
          </ListItemButton>
        ))}
      </List>
      <DialogActions>
        <Button onClick={onClose}>{translate('portal.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ParentHomePage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = useRouteTitle(HOME);
  useDocumentTitle(title);
  const [childId, setChildId] = useState<number | ''>('');
  const [period, setPeriod] = useState<Period | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const [priorityOpen, setPriorityOpen] = useState(false);
  const week = useMemo(() => defaultWeek(schoolToday()), []);
  const narrow = childId === '' ? {} : { student_id: childId };
  const periodQuery = period ? { date_from: period.from, date_to: period.to } : {};

  const children = usePortalGet<Child[]>(PORTAL_PATHS.children);
  const weekly = usePortalGet<ChildWeek[]>(PORTAL_PATHS.week, { ...narrow, ...week });
  const invoices = usePortalGet<ChildInvoices[]>(PORTAL_PATHS.invoices, { ...narrow, ...periodQuery });
  const payments = usePortalGet<ChildPayments[]>(PORTAL_PATHS.payments, { ...narrow, ...periodQuery });
  const subjects = usePortalGet<ChildSubjects[]>(PORTAL_PATHS.subject, { ...narrow, date_from: week.firstWeek, date_to: week.lastWeek });
  const priority = usePortalGet<ComboardCard[]>(COMBOARD_PATHS.priority);
  const priorities = priority.status === 'done' ? priority.data : [];
  const feed = useComboardFeed(COMBOARD_PATHS.parentFeed, NO_FILTER);

  const scrollTo = (id: number) => {
    setPriorityOpen(false);
    const card = document.getElementById(`comboard-card-${id}-title`);
    if (card) card.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else window.location.assign('/parent/home-comboard');
  };

  const periodAction = (
    <Button size="small" onClick={() => setPeriodOpen(true)}>
      {translate('portal.set_period')}
    </Button>
  );

  const weeklyPanel = (
    <Panel
      testId="panel-weekly"
      title={translate('portal.panels.weekly')}
      action={
        <Button size="small" component={RouterLink} to="/parent/attendance">
          {translate('portal.more')}
        </Button>
      }
    >
      <LoadedBody loaded={weekly} reload={weekly.reload}>
        {(groups) => (
          <>
            {groups.length === 0 && <Typography color="text.secondary">{translate('portal.no_data')}</Typography>}
            {groups.map((group) => {
              // Newest first: today and the days before it lead.
              const days = [...group.data].reverse();
              return (
                <ChildGroup key={group.student_id} name={group.student_name} rows={days} initial={5} render={(day) => <DayRow key={day.date} day={day} onOpen={(id) => setDetail({ kind: 'day', id })} />} />
              );
            })}
          </>
        )}
      </LoadedBody>
    </Panel>
  );

  const priorityPanel = (
    <Panel testId="panel-priority" title={translate('portal.panels.priority')}>
      <LoadedBody loaded={priority} reload={priority.reload}>
        {(items) =>
          items.length === 0 ? (
            <Typography color="text.secondary">{translate('portal.no_data')}</Typography>
          ) : (
            <List dense disablePadding>
              {items.map((card) => (
                <ListItemButton key={card.id} onClick={() => scrollTo(card.id)} sx={{ px: 1 }}>
                  <ListItemText primary={card.title} secondary={dateText(card.show_date.slice(0, 10), locale)} />
                </ListItemButton>
              ))}
            </List>
          )
        }
      </LoadedBody>
    </Panel>
  );

  const periodNote = period && (
    <Chip size="small" onDelete={() => setPeriod(null)} label={translate('portal.period', { from: dateText(period.from, locale), to: dateText(period.to, locale) })} sx={{ mb: 1 }} />
  );

  const invoicePanel = (
    <Panel testId="panel-invoices" title={translate('portal.panels.invoices')} action={periodAction}>
      {periodNote}
      <LoadedBody loaded={invoices} reload={invoices.reload}>
        {(groups) => (
          <>
            {groups.map((group) => (
              <ChildGroup
                key={group.student_id}
                name={group.student_name}
                rows={group.rows}
                initial={1}
                summary={
                  group.rows.length > 0 && (
                    <Typography variant="body2" color="error.main" data-testid="child-outstanding">
                      {formatRupiah(group.total_outstanding)}
                    </Typography>
                  )
                }
                render={(row) => <InvoiceRowView key={row.id} row={row} onOpen={(id) => setDetail({ kind: 'invoice', id })} />}
              />
            ))}
          </>
        )}
      </LoadedBody>
    </Panel>
  );

  const paymentPanel = (
    <Panel testId="panel-payments" title={translate('portal.panels.payments')} action={periodAction}>
      {periodNote}
      <LoadedBody loaded={payments} reload={payments.reload}>
        {(groups) => (
          <>
            {groups.map((group) => (
              <ChildGroup
                key={group.student_id}
                name={group.student_name}
                rows={group.rows}
                initial={1}
                summary={
                  group.rows.length > 0 && (
                    <Typography variant="body2" color="success.main" data-testid="child-paid">
                      {formatRupiah(group.total_paid)}
                    </Typography>
                  )
                }
                render={(row) => <PaymentRowView key={row.id} row={row} onOpen={(id) => setDetail({ kind: 'payment', id })} />}
              />
            ))}
          </>
        )}
      </LoadedBody>
    </Panel>
  );

  const subjectPanel = (
    <Panel testId="panel-subject" title={translate('portal.panels.subject')}>
      <LoadedBody loaded={subjects} reload={subjects.reload}>
        {(groups) => (
          <>
            {groups.map((group) => (
              <ChildGroup
                key={group.student_id}
                name={group.student_name}
                rows={group.rows.length ? [group.counts] : []}
                initial={1}
                render={(counts) => (
                  <Stack key="counts" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="li">
                    {(['present', 'permission', 'sick', 'absent'] as const).map((key) => (
                      <Chip key={key} size="small" variant="outlined" label={`${translate(`portal.counts.${key}`)} ${counts[key]}`} />
                    ))}
                  </Stack>
                )}
              />
            ))}
          </>
        )}
      </LoadedBody>
    </Panel>
  );

  return (
    <Box data-testid="area-home" data-portal="parent" sx={{ pb: 8 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Greeting title={title} />
        {children.status === 'done' && (
          <Box sx={{ flex: '0 0 auto', width: { xs: '100%', sm: 260 } }}>
            <ChildFilter items={children.data} value={childId} onChange={setChildId} />
          </Box>
        )}
      </Stack>
      <Stack spacing={2}>
        <Tiles priorities={priorities} onPriority={() => setPriorityOpen(true)} />
        <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'minmax(0, 4fr) minmax(0, 5fr) minmax(0, 4fr)' } }}>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {weeklyPanel}
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>{priorityPanel}</Box>
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0, order: { xs: 3, md: 3, lg: 0 }, gridColumn: { md: '1 / -1', lg: 'auto' } }}>
            <Typography variant="h6" component="h2">
              {translate('portal.panels.feed')}
            </Typography>
            <ComboardFeed feed={feed} />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {invoicePanel}
            {paymentPanel}
            {subjectPanel}
          </Stack>
        </Box>
      </Stack>
      <PortalDetailDialog target={detail} onClose={() => setDetail(null)} />
      <PriorityDialog open={priorityOpen} items={priorities} onClose={() => setPriorityOpen(false)} onChoose={scrollTo} />
      {periodOpen && (
        <SetPeriodDialog
          open
          value={period ?? { from: schoolToday().slice(0, 8) + '01', to: schoolToday() }}
          onClose={() => setPeriodOpen(false)}
          onSearch={(next) => {
            setPeriod(next);
            setPeriodOpen(false);
          }}
        />
      )}
      <ContactUs />
    </Box>
  );
}
