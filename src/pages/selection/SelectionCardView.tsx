// One offering's card (spec 3 §2.4, §3.4): its name, its weekly times, how many of its seats are
// taken and a bar coloured by the fill (§4: grey at 0, green to 50, yellow to 80, red to 100
// percent). The whole card turns grey when full; a student's own seat stays marked and can be
// given back while choosing is open.

import { Box, Button, Card, CardActions, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import { barColour, isFull, type BarColour, type SelectionCard } from '../../shared/api/selection';

const BAR: Record<BarColour, string> = { grey: '#9e9e9e', green: '#2e7d32', yellow: '#f9a825', red: '#c62828' };

export interface SelectionCardProps {
  card: SelectionCard;
  /** Choosing is open for this student. */
  open: boolean;
  busy: boolean;
  onToggle(): void;
}

export function SelectionCardView({ card, open, busy, onToggle }: SelectionCardProps) {
  const translate = useTranslate();
  const full = isFull(card);
  const grey = full && !card.chosen;
  const colour = barColour(card.persen);
  return (
    <Card
      variant="outlined"
      data-testid="selection-card"
      data-offering={card.id}
      data-full={full ? 'true' : 'false'}
      data-chosen={card.chosen ? 'true' : 'false'}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        bgcolor: grey ? 'grey.200' : 'background.paper',
        color: grey ? 'text.disabled' : 'text.primary',
        borderColor: card.chosen ? 'primary.main' : 'divider',
        borderWidth: card.chosen ? 2 : 1,
        borderLeft: 6,
        borderLeftColor: grey ? 'grey.400' : card.subject_group_id ? card.font_color : 'primary.main',
      }}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, lineHeight: 1.3 }}>
            {card.name}
          </Typography>
          {card.chosen ? <Chip size="small" color="primary" icon={<CheckCircle />} label={translate('selection.chosen')} /> : null}
          {grey ? <Chip size="small" label={translate('selection.full')} /> : null}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: '4px 0 8px', fontSize: 14 }}>
          {card.timeList.length ? (
            card.timeList.map((time) => (
              <li key={`${time.day}${time.time1}`}>
                {translate(`selection.days.${time.day}`)} {time.time1}–{time.time2}
              </li>
            ))
          ) : (
            <li>{translate('selection.noTimes')}</li>
          )}
        </Box>
        <Typography variant="body2" data-testid="selection-seats">
          {translate('selection.seats', { already: card.already, capacity: card.capacity })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.max(0, Math.min(100, card.persen))}
          aria-label={translate('selection.seats', { already: card.already, capacity: card.capacity })}
          data-colour={full ? 'grey' : colour}
          sx={{
            mt: 0.5,
            height: 8,
            borderRadius: 4,
            bgcolor: 'grey.300',
            '& .MuiLinearProgress-bar': { bgcolor: full ? BAR.grey : BAR[colour], borderRadius: 4 },
          }}
        />
      </CardContent>
      <CardActions sx={{ pt: 0, px: 2, pb: 1.5 }}>
        {card.chosen ? (
          <Button size="small" variant="outlined" disabled={!open || busy} onClick={onToggle}>
            {translate('selection.release')}
          </Button>
        ) : (
          <Button size="small" variant="contained" disabled={!open || busy || full} onClick={onToggle}>
            {translate(full ? 'selection.full' : 'selection.choose')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
