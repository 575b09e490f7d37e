// /comboardrecipients?comboard_id= (spec 2 §2.4): the recipients of one announcement on a page
// of their own, the same panel as the list's dialog.

import './texts/register';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle, useRouteTitle } from '../../app/frame/useRouteTitle';
import { COMBOARD_PATHS, type ComboardCard, type ComboardDetailAnswer } from '../../shared/api/comboard';
import { messageOf, useComboardCalls } from './comboardCalls';
import { RecipientsPanel } from './RecipientsPanel';

export function ComboardRecipientsPage() {
  const translate = useTranslate();
  const title = useRouteTitle('/comboardrecipients');
  useDocumentTitle(title);
  const calls = useComboardCalls();
  const [params] = useSearchParams();
  const id = Number(params.get('comboard_id'));
  const valid = Number.isInteger(id) && id > 0;
  const [card, setCard] = useState<ComboardCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!valid) return;
    calls.get<ComboardDetailAnswer>(COMBOARD_PATHS.detail, { comboard_id: id }).then(
      (answer) => setCard(answer.data),
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [calls, id, valid]);
  return (
    <Card data-testid="comboard-recipients-page">
      <CardContent>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {card ? translate('comboard.recipients.of', { title: card.title }) : title}
        </Typography>
        {!valid && <Alert severity="info">{translate('comboard.recipients.missing')}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {card && (
          <Box>
            <RecipientsPanel comboardId={card.id} toStudent={card.to_student} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
