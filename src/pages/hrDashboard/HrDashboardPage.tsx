// The HR dashboard (/home-hrd; issue 14, spec 3 §2.2): the personal panel (photo, name,
// position; EIN, work unit, e-mail and remaining leave per type of the current year, which
// admins do not see), the lists Need Approve, Accepted and Rejected Permission, for HR the
// expired and expiring contracts and documents, the others' remaining leave (2 or more), the
// leave history (date, remarks, status). A request opens the Detail Leave Request dialog
// (the approval detail, spec 3 §2.3), an employee the Remaining Leave dialog (§2.9): the leave
// pages' dialogs (src/pages/hrLeave/), reused, not drawn twice. Empty lists say "Nothing's here…".

import './texts/register';
import '../hrLeave/texts/register';
import type { ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import type { DashboardLeaveItem, DashboardList, ExpiringDocument, ExpiringEmployee, LeaveLeft } from '../../shared/api/hrDashboard';
import { LeaveDetailDialog } from '../hrLeave/LeaveDetailDialog';
import { dateText, quantityText, STATE_COLOUR } from '../hrLeave/leaveFormat';
import { RemainingLeaveDialog } from '../hrLeave/RemainingLeaveDialog';
import { HISTORY_PER_PAGE, useHrDashboard, type Loaded } from './useHrDashboard';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function Section<T>({ title, loaded, testId, fill = false, children }: { title: string; loaded: Loaded<T>; testId: string; fill?: boolean; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  return (
    <Card data-testid={testId} sx={fill ? { height: '100%' } : undefined}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {loaded.error && <Alert severity="error">{loaded.error}</Alert>}
        {!loaded.data && !loaded.error && <Skeleton variant="rectangular" height={80} aria-label={translate('hrLeave.common.loading')} />}
        {loaded.data && children(loaded.data)}
      </CardContent>
    </Card>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {translate('hrDashboard.empty')}
    </Typography>
  );
}

function CountChip({ list }: { list: DashboardList<unknown> }) {
  const translate = useTranslate();
  return list.count > list.items.length ? <Typography variant="caption" color="text.secondary">{translate('hrDashboard.more', { shown: list.items.length, count: list.count })}</Typography> : null;
}

function LeaveItems({ list, onOpen, locale }: { list: DashboardList<DashboardLeaveItem>; onOpen: (id: number) => void; locale: string }) {
  const translate = useTranslate();
  if (!list.items.length) return <Empty />;
  return (
    <>
      <List dense disablePadding>
        {list.items.map((item) => (
          <ListItemButton key={item.id} onClick={() => onOpen(item.id)} data-testid={`dash-leave-${item.transaction_no}`} divider>
            <ListItemText
              primary={`${item.transaction_no} · ${item.employee_name}`}
              secondary={`${item.leave_name}, ${dateText(item.start_date, locale)}${item.end_date !== item.start_date ? ` – ${dateText(item.end_date, locale)}` : ''} (${quantityText(item.quantity, locale)} ${translate(`hrLeave.unit.${item.unit}`)})${item.info ? ` — ${item.info}` : ''}`}
            />
            <Chip size="small" color={STATE_COLOUR[item.state]} label={translate(`hrLeave.state.${item.state}`)} sx={{ ml: 1 }} />
          </ListItemButton>
        ))}
      </List>
      <CountChip list={list} />
    </>
  );
}

function ExpiryItems<T extends ExpiringEmployee>({ list, t, locale }: { list: DashboardList<T>; t: Translate; locale: string }) {
  if (!list.items.length) return <Empty />;
  return (
    <>
      <List dense disablePadding>
        {list.items.map((item, i) => {
          const doc = (item as Partial<ExpiringDocument>).document;
          const when = item.days === 0 ? t('expiry.today') : item.days > 0 ? t('expiry.days_left', { days: item.days, smart_count: item.days }) : t('expiry.days_ago', { days: -item.days, smart_count: -item.days });
          return (
            <ListItemText
              key={`${String(item.employee_id)}-${String(i)}`}
              sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider', m: 0 }}
              primary={`${item.employee_name} (${item.ein})`}
              secondary={`${doc ? `${t(`expiry.${doc}`, { title: (item as unknown as ExpiringDocument).title })} · ` : ''}${item.work_unit} · ${dateText(item.date, locale)} (${when})`}
            />
          );
        })}
      </List>
      <CountChip list={list} />
    </>
  );
}

function LeftList({ list, locale }: { list: LeaveLeft[]; locale: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {list.map((l) => (
        <Chip key={l.leave_type_id} size="small" variant="outlined" data-testid={`left-${String(l.leave_type_id)}`} label={`${l.leave_name}: ${quantityText(l.sisa_cuti, locale)} ${translate(`hrLeave.unit.${l.unit}`)}`} />
      ))}
    </Stack>
  );
}

export function HrDashboardPage() {
  const title = useRouteTitle('/home-hrd');
  useDocumentTitle(title);
  const translate = useTranslate();
  const t: Translate = (key, options) => translate(`hrDashboard.${key}`, options);
  const [locale] = useLocaleState();
  const dash = useHrDashboard();
  const panel = dash.employee.data?.panel;
  const others = dash.employee.data?.others ?? [];
  return (
    <Stack spacing={2} data-testid="hr-dashboard">
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('panel.title')} loaded={dash.employee} testId="hr-panel" fill>
            {() =>
              panel && (
                <Stack spacing={1.5}>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Avatar src={panel.photo ?? undefined} alt={panel.name} sx={{ width: 64, height: 64 }}>
                      {panel.name.slice(0, 1)}
                    </Avatar>
                    <Box>
                      <Typography variant="subtitle1" data-testid="panel-name">
                        {panel.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {panel.position_name}
                      </Typography>
                    </Box>
                  </Stack>
                  {(
                    [
                      ['ein', panel.ein],
                      ['work_unit', panel.satker_name],
                      ['email', panel.email],
                    ] as const
                  ).map(([key, value]) =>
                    value === null ? null : (
                      <Box key={key} data-testid={`panel-${key}`}>
                        <Typography variant="caption" color="text.secondary" component="div">
                          {t(`panel.${key}`)}
                        </Typography>
                        <Typography variant="body2">{value || '—'}</Typography>
                      </Box>
                    ),
                  )}
                  {panel.list_leave && (
                    <Box data-testid="panel-remaining">
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                        {t('panel.remaining', { year: panel.year })}
                      </Typography>
                      <LeftList list={panel.list_leave} locale={locale} />
                      <Button size="small" sx={{ mt: 1 }} onClick={() => dash.setRemainingOf(null)}>
                        {t('panel.remaining_button')}
                      </Button>
                    </Box>
                  )}
                </Stack>
              )
            }
          </Section>
        </Grid>
        {(['needApprove', 'accepted', 'rejected'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, md: key === 'needApprove' ? 8 : 6 }}>
            <Section title={t(`lists.${key}`)} loaded={dash.notif} testId={`list-${key}`} fill>
              {(data) => <LeaveItems list={data[key]} onOpen={dash.setOpenLeave} locale={locale} />}
            </Section>
          </Grid>
        ))}
        {dash.hr &&
          (
            [
              ['expired', 'dataExpired'],
              ['expiring', 'dataExpiring'],
              ['docExpired', 'dataDocExpired'],
              ['docExpiring', 'dataDocExpiring'],
            ] as const
          ).map(([key, field]) => (
            <Grid key={key} size={{ xs: 12, md: 6, lg: 3 }}>
              <Section title={t(`lists.${key}`)} loaded={dash.expired} testId={`list-${key}`} fill>
                {(data) => <ExpiryItems list={data[field] as DashboardList<ExpiringEmployee>} t={t} locale={locale} />}
              </Section>
            </Grid>
          ))}
      </Grid>
      {others.length >= 2 && (
        <Section title={t('others.title')} loaded={dash.employee} testId="hr-others">
          {(data) => (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('others.employee')}</TableCell>
                  <TableCell>{t('others.work_unit')}</TableCell>
                  <TableCell>{t('panel.remaining', { year: panel?.year ?? '' })}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.others.map((o) => (
                  <TableRow key={o.employee_id} data-testid={`other-${String(o.employee_id)}`}>
                    <TableCell>
                      {o.employee_name}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {o.ein} · {o.position}
                      </Typography>
                    </TableCell>
                    <TableCell>{o.work_unit}</TableCell>
                    <TableCell>
                      <LeftList list={o.list_leave} locale={locale} />
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => dash.setRemainingOf(o.employee_id)}>
                        {t('others.detail')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              {data.others_total > data.others.length && (
                <caption>{t('more', { shown: data.others.length, count: data.others_total })}</caption>
              )}
            </Table>
          )}
        </Section>
      )}
      <Section title={t('history.title')} loaded={dash.history} testId="hr-history">
        {(data) =>
          data.rows.length === 0 ? (
            <Empty />
          ) : (
            <>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('history.date')}</TableCell>
                    <TableCell>{t('history.leave')}</TableCell>
                    <TableCell>{t('history.remarks')}</TableCell>
                    <TableCell>{t('history.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.id} hover sx={{ cursor: row.state === 'draft' ? 'default' : 'pointer' }} onClick={() => row.state !== 'draft' && dash.setOpenLeave(row.id)} data-testid={`history-${row.transaction_no}`}>
                      <TableCell>{row.date === row.end_date ? dateText(row.date, locale) : `${dateText(row.date, locale)} – ${dateText(row.end_date, locale)}`}</TableCell>
                      <TableCell>
                        {row.leave_name} ({quantityText(row.quantity, locale)} {translate(`hrLeave.unit.${row.unit}`)})
                      </TableCell>
                      <TableCell>{row.remarks}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATE_COLOUR[row.state]} label={translate(`hrLeave.state.${row.state}`)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <TablePagination component="div" count={data.total} page={dash.historyPage} rowsPerPage={HISTORY_PER_PAGE} rowsPerPageOptions={[HISTORY_PER_PAGE]} onPageChange={(_, page) => dash.setHistoryPage(page)} />
            </>
          )
        }
      </Section>
      <LeaveDetailDialog id={dash.openLeave} onClose={() => dash.setOpenLeave(null)} onChanged={dash.reload} />
      <RemainingLeaveDialog open={dash.remainingOf !== undefined} employeeId={dash.remainingOf ?? null} onClose={() => dash.setRemainingOf(undefined)} />
    </Stack>
  );
}
