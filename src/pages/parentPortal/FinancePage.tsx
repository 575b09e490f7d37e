// /parent/finance with its tabs invoice, payment and waiver (spec 1 §2.4): each child's published
// invoices (what each still owes, overdue ones marked), the payments with what each settled,
// and the waivers with their reasons; an invoice or a payment opens its detail (spec 3 §2.6,
// §2.7). Everything the ledger holds for the family unless Set Period narrows it.

import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatRupiah } from '../../shared/api/finance';
import { PORTAL_PATHS, type ChildInvoices, type ChildPayments, type ChildWaivers } from '../../shared/api/portal';
import { dateText, usePortalGet } from './portalCalls';
import { ChildGroup, LoadedBody, Panel, SetPeriodDialog, type Period } from './PortalParts';
import { PortalDetailDialog, type DetailTarget } from './PortalDetails';
import { PortalPage, type Narrow } from './PortalPage';
import type { Query } from '../../app/pageCalls';
import { InvoiceRowView, PaymentRowView } from './PortalRows';

const TABS = ['invoice', 'payment', 'waiver'] as const;
type FinanceTab = (typeof TABS)[number];

function Invoices({ query, onOpen }: { query: Narrow & Query; onOpen: (t: DetailTarget) => void }) {
  const translate = useTranslate();
  const loaded = usePortalGet<ChildInvoices[]>(PORTAL_PATHS.invoices, { ...query, selectinv: 'all' });
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="finance-group">
              <Typography variant="body2" color="text.secondary">
                {translate('portal.fields.total_outstanding')}: <strong>{formatRupiah(group.total_outstanding)}</strong>
              </Typography>
              <ChildGroup name="" rows={group.rows} initial={12} render={(row) => <InvoiceRowView key={row.id} row={row} onOpen={(id) => onOpen({ kind: 'invoice', id })} />} />
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

function Payments({ query, onOpen }: { query: Narrow & Query; onOpen: (t: DetailTarget) => void }) {
  const translate = useTranslate();
  const loaded = usePortalGet<ChildPayments[]>(PORTAL_PATHS.payments, query);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="finance-group">
              <Typography variant="body2" color="text.secondary">
                {translate('portal.fields.total_paid')}: <strong>{formatRupiah(group.total_paid)}</strong>
              </Typography>
              <ChildGroup name="" rows={group.rows} initial={12} render={(row) => <PaymentRowView key={row.id} row={row} onOpen={(id) => onOpen({ kind: 'payment', id })} />} />
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

function Waivers({ query }: { query: Narrow & Query }) {
  const [locale] = useLocaleState();
  const loaded = usePortalGet<ChildWaivers[]>(PORTAL_PATHS.waivers, query);
  return (
    <LoadedBody loaded={loaded} reload={loaded.reload}>
      {(groups) => (
        <Stack spacing={2}>
          {groups.map((group) => (
            <Panel key={group.student_id} title={group.student_name} testId="finance-group">
              <ChildGroup
                name=""
                rows={group.rows}
                initial={12}
                render={(row) => (
                  <Stack key={row.id} component="li" direction="row" spacing={1} data-testid="waiver-row" sx={{ justifyContent: 'space-between', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {row.income_type_name} · {row.invoice_no}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {dateText(row.waiver_date, locale)} · {row.waiver_no}
                        {row.reason ? ` · ${row.reason}` : ''}
                      </Typography>
                    </Box>
                    <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
                      {formatRupiah(row.amount)}
                    </Typography>
                  </Stack>
                )}
              />
            </Panel>
          ))}
        </Stack>
      )}
    </LoadedBody>
  );
}

export function FinancePage({ path }: { path: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tab: FinanceTab = TABS.find((t) => path.endsWith(`/${t}`)) ?? 'invoice';
  const [period, setPeriod] = useState<Period | null>(null);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const periodQuery = period ? { date_from: period.from, date_to: period.to } : {};
  return (
    <PortalPage
      path={path}
      tab={`/parent/finance/${tab}`}
      tabs={TABS.map((t) => ({ path: `/parent/finance/${t}`, label: `portal.tabs.${t}` }))}
      tools={
        <>
          {period && <Chip onDelete={() => setPeriod(null)} label={translate('portal.period', { from: dateText(period.from, locale), to: dateText(period.to, locale) })} />}
          <Button variant="outlined" size="small" onClick={() => setPeriodOpen(true)}>
            {translate('portal.set_period')}
          </Button>
        </>
      }
    >
      {(narrow) => (
        <>
          {tab === 'invoice' && <Invoices query={{ ...narrow, ...periodQuery }} onOpen={setDetail} />}
          {tab === 'payment' && <Payments query={{ ...narrow, ...periodQuery }} onOpen={setDetail} />}
          {tab === 'waiver' && <Waivers query={{ ...narrow, ...periodQuery }} />}
          <PortalDetailDialog target={detail} onClose={() => setDetail(null)} />
          {periodOpen && (
            <SetPeriodDialog
              open
              value={period ?? { from: '', to: '' }}
              onClose={() => setPeriodOpen(false)}
              onSearch={(next) => {
                setPeriod(next);
                setPeriodOpen(false);
              }}
            />
          )}
        </>
      )}
    </PortalPage>
  );
}
