// A rupiah amount input: "Rp" in front, digits grouped with dots as a person types; the value
// it holds is the typed text (parseMoney reads it as whole rupiah).

import { InputAdornment, TextField } from '@mui/material';
import { groupDigits } from './financeFormat';

export function MoneyField({
  label,
  value,
  onChange,
  error,
  required,
  size,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  required?: boolean;
  size?: 'small' | 'medium';
}) {
  return (
    <TextField
      label={label}
      value={value}
      required={required}
      size={size}
      onChange={(e) => onChange(groupDigits(e.target.value))}
      error={Boolean(error)}
      helperText={error || undefined}
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: { startAdornment: <InputAdornment position="start">Rp</InputAdornment> },
      }}
    />
  );
}
