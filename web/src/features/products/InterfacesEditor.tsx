/**
 * The I/O tab: a product's interfaces. New ones are added several at a time (a quantity, default
 * 1, of identical rows); each can then be edited or removed. Changes are saved with the product.
 */
import {
  INTERFACE_IO,
  INTERFACE_SIGNALS,
  INTERFACE_TERMINALS,
  type InterfaceIo,
  type InterfaceSignal,
  PASS_THROUGH_SIDES,
} from '@asbuilt/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers.ts';
import type { InterfaceFormValue, ProductFormControl } from './productForm.ts';

export const INTERFACE_QUANTITY = { default: 1, min: 1, max: 100 } as const;

const IO_COLORS: Record<string, 'primary' | 'secondary' | 'info'> = {
  input: 'info',
  output: 'secondary',
  'bi-directional': 'primary',
};

const isIo = (value: string): value is InterfaceIo => (INTERFACE_IO as readonly string[]).includes(value);
const isSignal = (value: string): value is InterfaceSignal =>
  (INTERFACE_SIGNALS as readonly string[]).includes(value);

const emptyInterface = (): InterfaceFormValue => ({
  interface_type: 'input',
  terminal: '',
  signal: '',
  label: '',
  pass_through: '',
});

interface FieldsProps {
  value: InterfaceFormValue;
  onChange: (change: Partial<InterfaceFormValue>) => void;
  disabled?: boolean;
}

/** I/O, terminal, signal, pass-through side and label: the add row and each row being edited. */
function InterfaceFields({ value, onChange, disabled }: FieldsProps) {
  const { t } = useTranslation(['products', 'domain']);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        // Five fields: two rows on wide screens too, so the add row keeps room for its button.
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
        flex: 1,
        minWidth: 0,
      }}
    >
      <TextField
        select
        size="small"
        label={t('interfaces.io')}
        value={value.interface_type}
        onChange={(event) => onChange({ interface_type: event.target.value })}
        disabled={disabled}
      >
        {INTERFACE_IO.map((io) => (
          <MenuItem key={io} value={io}>
            {t(`domain:interface_io.${io}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('interfaces.terminal')}
        value={value.terminal}
        onChange={(event) => onChange({ terminal: event.target.value })}
        disabled={disabled}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      >
        <MenuItem value="">
          <em>{t('interfaces.none')}</em>
        </MenuItem>
        {INTERFACE_TERMINALS.map((terminal) => (
          <MenuItem key={terminal} value={terminal}>
            {terminal}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('interfaces.signal')}
        value={value.signal}
        onChange={(event) => onChange({ signal: event.target.value })}
        disabled={disabled}
      >
        <MenuItem value="">
          <em>{t('interfaces.none')}</em>
        </MenuItem>
        {INTERFACE_SIGNALS.map((signal) => (
          <MenuItem key={signal} value={signal}>
            {t(`domain:interface_signal.${signal}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('interfaces.pass_through')}
        value={value.pass_through}
        onChange={(event) => onChange({ pass_through: event.target.value })}
        disabled={disabled}
      >
        <MenuItem value="">
          <em>{t('interfaces.none')}</em>
        </MenuItem>
        {PASS_THROUGH_SIDES.map((side) => (
          <MenuItem key={side} value={side}>
            {t(`interfaces.pass_through_${side}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('interfaces.label')}
        value={value.label}
        onChange={(event) => onChange({ label: event.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
      />
    </Box>
  );
}

export function InterfacesEditor({
  control,
  readOnly = false,
}: {
  control: ProductFormControl;
  readOnly?: boolean;
}) {
  const { t } = useTranslation(['products', 'domain', 'components']);
  const { fields, append, remove } = useFieldArray({ control, name: 'interfaces', keyName: 'key' });
  // The rows as they are now (an edited row changes its values, not the field array's copy).
  const values = useWatch({ control, name: 'interfaces' });
  const [draft, setDraft] = useState<InterfaceFormValue>(emptyInterface);
  const [quantity, setQuantity] = useState<string>(String(INTERFACE_QUANTITY.default));
  const [editing, setEditing] = useState<number | null>(null);

  const count = Number(quantity);
  const validQuantity =
    Number.isInteger(count) && count >= INTERFACE_QUANTITY.min && count <= INTERFACE_QUANTITY.max;

  const add = () => {
    if (!validQuantity || !draft.interface_type) return;
    append(Array.from({ length: count }, () => ({ ...draft, label: draft.label.trim() })));
    setQuantity(String(INTERFACE_QUANTITY.default));
  };

  return (
    <Stack spacing={2}>
      {readOnly ? null : (
        <Paper variant="outlined" role="group" aria-label={t('interfaces.add_group')} sx={{ p: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            {t('interfaces.add_group')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
            <InterfaceFields value={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('interfaces.quantity')}
                type="number"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                error={!validQuantity}
                sx={{ width: { xs: '50%', md: 96 } }}
                slotProps={{
                  htmlInput: {
                    min: INTERFACE_QUANTITY.min,
                    max: INTERFACE_QUANTITY.max,
                    inputMode: 'numeric',
                  },
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add();
                  }
                }}
              />
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={add}
                disabled={!validQuantity || !draft.interface_type}
                sx={{ flex: { xs: 1, md: 'none' } }}
              >
                {t('components:action.add')}
              </Button>
            </Stack>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('interfaces.pass_through_help')}
          </Typography>
        </Paper>
      )}

      <Typography variant="subtitle2" component="h3">
        {t('interfaces.heading', { number: formatNumber(fields.length) })}
      </Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('interfaces.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('interfaces.list')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {fields.map((field, index) => {
            const number = index + 1;
            const item = values?.[index] ?? field;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={field.key}
                aria-label={t('interfaces.item', { number })}
                sx={{ p: 1.25, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
              >
                <Typography variant="caption" color="text.secondary" sx={{ width: 24, textAlign: 'right' }}>
                  {number}
                </Typography>
                {editing === index ? (
                  // On a phone the fields take a line of their own under the number and buttons.
                  <Box sx={{ flex: { xs: '1 1 100%', md: 1 }, order: { xs: 3, md: 0 }, minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`interfaces.${index}`}
                      render={({ field: row }) => (
                        <InterfaceFields
                          value={row.value}
                          onChange={(change) => row.onChange({ ...row.value, ...change })}
                        />
                      )}
                    />
                  </Box>
                ) : (
                  <Box
                    sx={{
                      flex: 1,
                      minWidth: 0,
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: 1,
                      alignItems: 'center',
                    }}
                  >
                    <Chip
                      size="small"
                      label={
                        isIo(item.interface_type)
                          ? t(`domain:interface_io.${item.interface_type}`)
                          : item.interface_type || t('interfaces.io_not_set')
                      }
                      color={IO_COLORS[item.interface_type] ?? 'default'}
                      variant="outlined"
                    />
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {item.terminal || '—'}
                    </Typography>
                    {item.signal ? (
                      <Typography variant="body2" color="text.secondary">
                        {isSignal(item.signal) ? t(`domain:interface_signal.${item.signal}`) : item.signal}
                      </Typography>
                    ) : null}
                    {item.pass_through === 'front' || item.pass_through === 'rear' ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t(`interfaces.marker_${item.pass_through}`)}
                      />
                    ) : null}
                    {item.label ? (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        · {item.label}
                      </Typography>
                    ) : null}
                  </Box>
                )}
                {readOnly ? null : (
                  <Stack direction="row" sx={{ flex: '0 0 auto', ml: 'auto' }}>
                    {editing === index ? (
                      <Tooltip title={t('interfaces.done')}>
                        <IconButton
                          aria-label={t('interfaces.done_editing', { number })}
                          color="primary"
                          onClick={() => setEditing(null)}
                        >
                          <CheckIcon />
                        </IconButton>
                      </Tooltip>
                    ) : (
                      <Tooltip title={t('components:action.edit')}>
                        <IconButton
                          aria-label={t('interfaces.edit_item', { number })}
                          onClick={() => setEditing(index)}
                        >
                          <EditOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={t('interfaces.remove')}>
                      <IconButton
                        aria-label={t('interfaces.remove_item', { number })}
                        onClick={() => {
                          remove(index);
                          setEditing((current) =>
                            current === null || current === index
                              ? null
                              : current > index
                                ? current - 1
                                : current,
                          );
                        }}
                      >
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
