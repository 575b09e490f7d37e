// The announcement's detail (spec 2 §2.3) in a dialog: tab "Comboard Detail" with every field,
// tab "Attachment Detail" with the attachments; Back and Next move between the announcements
// of the loaded list.

import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Table, TableBody, TableCell, TableRow, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ComboardCard } from '../../shared/api/comboard';
import { purifyRichText } from '../../views/richTextPurifier';
import { dayText, momentText } from './comboardDates';
import { AttachmentTab } from './AttachmentTab';

function DetailTable({ card }: { card: ComboardCard }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const yes = (value: boolean) => translate(value ? 'comboard.form.yes' : 'comboard.form.no');
  const none = translate('comboard.detail.none');
  const atBy = (at: string | null, by: string | null) => (at ? translate('comboard.detail.at_by', { at: momentText(at, locale), by: by ?? none }) : none);
  const rows: Array<[string, ReactNode]> = [
    ['comboard.form.title', card.title],
    ['comboard.form.show_date', momentText(card.show_date, locale)],
    ['comboard.form.is_priority', yes(card.is_priority)],
    ['comboard.form.category', card.category_name],
    ['comboard.form.info', <Box key="info" className="RaRichTextField-root" sx={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: purifyRichText(card.info ?? '') }} />],
    ['comboard.form.is_event', yes(card.is_event)],
    ['comboard.form.datetime_1', dayText(card.datetime_1, locale) || none],
    ['comboard.form.datetime_2', dayText(card.datetime_2, locale) || none],
    ['comboard.form.to_parent', yes(card.to_parent)],
    ['comboard.form.to_student', yes(card.to_student)],
    ['comboard.form.to_teacher', yes(card.to_teacher)],
    ['comboard.form.add_to_calendar', yes(card.add_to_calendar)],
    ['comboard.form.is_recalled', yes(card.is_recalled)],
    ['comboard.form.recall_time', momentText(card.recall_time, locale) || none],
    ['comboard.form.reason', card.reason || none],
    ['comboard.form.link_url', card.link_url || none],
    ['comboard.detail.created', atBy(card.created_at, card.created_by)],
    ['comboard.detail.updated', atBy(card.updated_at, card.updated_by)],
  ];
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: { sm: '35%' }, fontWeight: 600, verticalAlign: 'top' }}>
              {translate(label)}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ComboardDetailDialog({ cards, at, onMove, onClose }: { cards: readonly ComboardCard[]; at: number | null; onMove: (index: number) => void; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  const card = at === null ? undefined : cards[at];
  useEffect(() => setTab(0), [card?.id]);
  return (
    <Dialog open={card !== undefined} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="comboard-detail-title">
      <DialogTitle id="comboard-detail-title">{card ? card.title : translate('comboard.detail.title')}</DialogTitle>
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" sx={{ px: 2 }}>
        <Tab label={translate('comboard.detail.tab_detail')} id="comboard-detail-tab-0" aria-controls="comboard-detail-panel-0" />
        <Tab label={translate('comboard.detail.tab_attachments')} id="comboard-detail-tab-1" aria-controls="comboard-detail-panel-1" />
      </Tabs>
      <DialogContent dividers>
        {card && (
          <Box role="tabpanel" id={`comboard-detail-panel-${tab}`} aria-labelledby={`comboard-detail-tab-${tab}`}>
            {tab === 0 ? <DetailTable card={card} /> : <AttachmentTab comboardId={card.id} canManage={card.can_manage} />}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={at === null || at <= 0} onClick={() => at !== null && onMove(at - 1)}>
          {translate('comboard.detail.back')}
        </Button>
        <Button disabled={at === null || at >= cards.length - 1} onClick={() => at !== null && onMove(at + 1)}>
          {translate('comboard.detail.next')}
        </Button>
        <Button onClick={onClose}>{translate('comboard.form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
