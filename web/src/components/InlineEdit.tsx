/**
 * One property shown as text that can be edited in place (product table, device card). A pencil
 * appears after hovering 200 ms (always on touch screens and to the keyboard). Enter or the tick
 * saves, Esc or the cross cancels, clicking elsewhere saves a change. Nothing is sent when the
 * value is unchanged; a failed save shows 'Failed to update' and keeps the editor open.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  CircularProgress,
  ClickAwayListener,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIsoDay } from '../lib/dates.ts';
import { toastFailure } from '../lib/toast.ts';
import { DateField } from './DateField.tsx';
import './inlineEdit.css';

export const INLINE_EDIT_HOVER_DELAY = 200;

/** MUI's EditOutlined icon, drawn without its SvgIcon. */
const PENCIL =
  'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z';

export interface InlineEditOption {
  value: string;
  label: string;
}

export interface InlineEditProps {
  /** The property's name: the editor is labelled with it, the pencil is "Edit {label}". */
  label: string;
  value: string | number | null | undefined;
  /** Saves the new value (the trimmed text; '' means cleared). A rejection keeps the editor open. */
  onSave: (value: string) => Promise<unknown>;
  /** How the value is shown when not editing (default: the value, or the placeholder). */
  display?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'number' | 'date' | 'select' | 'multiline';
  options?: InlineEditOption[];
  /** Read-only: the value without the pencil. */
  disabled?: boolean;
  /** Typography of the shown value (default: the surrounding text's). */
  variant?: 'body1' | 'body2' | 'inherit';
}

const asText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function InlineEdit({
  label,
  value,
  onSave,
  display,
  placeholder = '—',
  type = 'text',
  options = [],
  disabled = false,
  variant = 'inherit',
}: InlineEditProps) {
  const { t } = useTranslation('components');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pencilRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const current = asText(value);
  const shown =
    display ??
    (current ? (
      type === 'select' ? (
        (options.find((o) => o.value === current)?.label ?? current)
      ) : (
        current
      )
    ) : (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {placeholder}
      </Box>
    ));

  if (disabled) {
    return (
      <Typography variant={variant} component="span" noWrap sx={{ display: 'block', minWidth: 0 }}>
        {shown}
      </Typography>
    );
  }

  const start = () => {
    setDraft(current);
    setEditing(true);
  };
  const stop = (refocus = false) => {
    setEditing(false);
    setRevealed(false);
    // After Enter or Esc, back to the pencil so the keyboard user keeps their place.
    if (refocus) requestAnimationFrame(() => pencilRef.current?.focus({ preventScroll: true }));
  };
  const save = async (refocus = false) => {
    if (saving) return;
    const next = type === 'multiline' ? draft.replace(/\s+$/, '') : draft.trim();
    // A date that is no real day stays in the editor, which says so.
    if (type === 'date' && next !== '' && !isIsoDay(next)) return;
    if (next === current) {
      stop(refocus);
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      stop(refocus);
    } catch (error) {
      toastFailure(t('inline_edit.failed'), error);
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stop(true);
    } else if (event.key === 'Enter' && !(type === 'multiline' && event.shiftKey)) {
      event.preventDefault();
      event.stopPropagation();
      void save(true);
    }
  };

  if (editing) {
    return (
      <ClickAwayListener onClickAway={() => void save()}>
        <Box
          data-no-row-click
          data-inline-editing
          onClick={(event) => event.stopPropagation()}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            width: '100%',
            minWidth: 0,
            position: 'relative',
            bgcolor: 'background.paper',
          }}
        >
          {type === 'date' ? (
            <DateField
              size="small"
              autoFocus
              value={draft}
              onChange={setDraft}
              onKeyDown={onKeyDown}
              disabled={saving}
              ariaLabel={label}
              sx={{ flex: 1, minWidth: 80, '& .MuiInputBase-input': { py: 0.75 } }}
            />
          ) : (
            <TextField
              size="small"
              autoFocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              disabled={saving}
              select={type === 'select'}
              multiline={type === 'multiline'}
              type={type === 'number' ? 'number' : 'text'}
              slotProps={{
                htmlInput: { 'aria-label': label },
                select: { onKeyDown },
              }}
              sx={{ flex: 1, minWidth: 80, '& .MuiInputBase-input': { py: 0.75 } }}
            >
              {type === 'select'
                ? [
                    <MenuItem key="" value="">
                      <em>{t('inline_edit.none')}</em>
                    </MenuItem>,
                    ...options.map((option) => (
                      <MenuItem key={option.value} value={option.value}>
                        {option.label}
                      </MenuItem>
                    )),
                  ]
                : null}
            </TextField>
          )}
          {saving ? (
            <CircularProgress size={20} sx={{ mx: 0.75 }} aria-label={t('inline_edit.saving')} />
          ) : (
            <>
              <IconButton
                size="small"
                color="primary"
                aria-label={t('inline_edit.save', { label })}
                onClick={() => void save(true)}
              >
                <CheckIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={t('action.cancel')} onClick={() => stop(true)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Box>
      </ClickAwayListener>
    );
  }

  const editLabel = t('inline_edit.edit', { label });
  return (
    // Plain elements and inlineEdit.css, not MUI: a table draws two of these a row, and an MUI
    // tooltip and icon button each made half of the products page's search keystroke.
    // biome-ignore lint/a11y/noStaticElementInteractions: the hover only shows the pencil, which the keyboard reaches on its own
    <span
      className="inline-edit"
      data-revealed={revealed ? '' : undefined}
      onMouseEnter={() => {
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(() => setRevealed(true), INLINE_EDIT_HOVER_DELAY);
      }}
      onMouseLeave={() => {
        clearTimeout(hoverTimer.current);
        setRevealed(false);
      }}
    >
      <Typography variant={variant} component="span" noWrap className="inline-edit__value">
        {shown}
      </Typography>
      <button
        ref={pencilRef}
        type="button"
        className="inline-edit__pencil"
        aria-label={editLabel}
        title={editLabel}
        onClick={(event) => {
          event.stopPropagation();
          start();
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={PENCIL} />
        </svg>
      </button>
    </span>
  );
}
