/**
 * The app's one date field: the day is typed and shown as DD/MM/YYYY whatever the browser's
 * language (a native date input shows the browser's format, mm/dd/yyyy in an English Chromium),
 * and the calendar button opens the device's own picker (a phone's wheel or calendar included).
 *
 * The value travels as dates do, YYYY-MM-DD; '' is no date. While the text is no real day the
 * field says so and hands the text itself up, so a form never saves an older day in its place and
 * the server refuses the text if it is sent anyway.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { Box, IconButton, InputAdornment, type SxProps, TextField, type Theme } from '@mui/material';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOfText, formatDate, isIsoDay, maskDayText, parseDay } from '../lib/dates.ts';

export interface DateFieldProps {
  label?: string;
  /** YYYY-MM-DD, '' for none, or the text of a day being typed. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest and latest day the calendar offers (YYYY-MM-DD). */
  min?: string | undefined;
  max?: string | undefined;
  error?: boolean;
  helperText?: ReactNode;
  /** Shown after the calendar button, e.g. a button that clears the date. */
  endAdornment?: ReactNode;
  /** The field's name for assistive technology when it has no visible label. */
  ariaLabel?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
  autoFocus?: boolean;
  required?: boolean;
  onKeyDown?: (event: KeyboardEvent) => void;
  sx?: SxProps<Theme>;
}

const shown = (value: string) => (isIsoDay(value) ? formatDate(value) : value);

export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  helperText,
  endAdornment,
  ariaLabel,
  fullWidth,
  size,
  disabled,
  autoFocus,
  required,
  onKeyDown,
  sx,
}: DateFieldProps) {
  const { t } = useTranslation('components');
  const [text, setText] = useState(() => shown(value));
  const [blurred, setBlurred] = useState(false);
  const handedUp = useRef(value);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, the clear button) replaces what was typed.
  useEffect(() => {
    if (value !== handedUp.current) {
      handedUp.current = value;
      setText(shown(value));
    }
  }, [value]);

  const handUp = (next: string) => {
    handedUp.current = next;
    onChange(next);
  };
  const type = (raw: string) => {
    const next = maskDayText(text, raw);
    setText(next);
    handUp(dayOfText(next));
  };

  // Finished typing reads as a whole day (the tenth character) or leaving the field.
  const invalid = text.trim() !== '' && parseDay(text) === null && (blurred || text.length >= 10);

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // Already open (a phone opens it on the tap itself) or not supported: the tap still works.
      input.focus();
    }
  };

  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => type(event.target.value)}
      onBlur={() => {
        setBlurred(true);
        const day = parseDay(text);
        if (day) setText(formatDate(day));
      }}
      onKeyDown={onKeyDown}
      error={invalid || error}
      helperText={invalid ? t('date_field.invalid') : helperText}
      placeholder={t('date_field.placeholder')}
      fullWidth={fullWidth}
      size={size}
      disabled={disabled}
      autoFocus={autoFocus}
      required={required}
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: 10,
          'aria-label': ariaLabel,
          'aria-invalid': invalid || error ? true : undefined,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
                <IconButton
                  edge={endAdornment ? false : 'end'}
                  size="small"
                  disabled={disabled}
                  aria-label={t('date_field.pick')}
                  onClick={openPicker}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
                {/* The device's own calendar, invisible over the button so that a tap on a phone
                    opens it directly and its popup opens next to the button. */}
                <input
                  ref={picker}
                  type="date"
                  tabIndex={-1}
                  aria-hidden
                  data-date-picker
                  value={isIsoDay(value) ? value : ''}
                  min={min}
                  max={max}
                  disabled={disabled}
                  onClick={openPicker}
                  onChange={(event) => {
                    const day = event.target.value;
                    if (!day) return;
                    setText(formatDate(day));
                    setBlurred(false);
                    handUp(day);
                  }}
                  style={{
                    position: 'absolute',
                    inset: 0,
                    width: '100%',
                    height: '100%',
                    opacity: 0,
                    border: 0,
                    padding: 0,
                    margin: 0,
                    cursor: disabled ? 'default' : 'pointer',
                  }}
                />
              </Box>
              {endAdornment}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
