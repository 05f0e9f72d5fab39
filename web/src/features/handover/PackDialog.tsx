/**
 * "Make a pack": the sections (all but the datasheets ticked), the floors (all, or some), the
 * archived devices, the pack's language (the reader's by default) and PDF or ZIP. The server
 * makes it in the background; the list shows its progress.
 */
import {
  HANDOVER_DEFAULT_SECTIONS,
  HANDOVER_SECTIONS,
  type HandoverFormat,
  type HandoverSection,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type SiteDetail,
} from '@asbuilt/domain';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAskForPack } from '../../api/handover.ts';
import { DialogForm } from '../../components/DialogForm.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { toastSuccess } from '../../lib/toast.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  siteId: number;
  site: Pick<SiteDetail, 'floors'>;
}

export function PackDialog({ open, onClose, ...rest }: Props) {
  const { t } = useTranslation('handover');
  return (
    <FormDialog open={open} onClose={onClose} title={t('dialog.title')}>
      {(key) => <PackForm key={key} onClose={onClose} {...rest} />}
    </FormDialog>
  );
}

function PackForm({ onClose, siteId, site }: Omit<Props, 'open'>) {
  const { t } = useTranslation('handover');
  const ask = useAskForPack(siteId);
  const [sections, setSections] = useState<Set<HandoverSection>>(() => new Set(HANDOVER_DEFAULT_SECTIONS));
  const [allFloors, setAllFloors] = useState(true);
  const [floorIds, setFloorIds] = useState<Set<number>>(() => new Set(site.floors.map((floor) => floor.id)));
  const [archived, setArchived] = useState(false);
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [format, setFormat] = useState<HandoverFormat>('pdf');
  const noSection = sections.size === 0;
  const noFloor = !allFloors && floorIds.size === 0;

  const toggle = <T,>(set: Set<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  const save = () => {
    if (noSection || noFloor) return;
    ask.mutate(
      {
        format,
        sections: HANDOVER_SECTIONS.filter((section) => sections.has(section)),
        floor_ids: allFloors
          ? null
          : site.floors.filter((floor) => floorIds.has(floor.id)).map((floor) => floor.id),
        include_archived: archived,
        language,
      },
      {
        onSuccess: ({ number }) => {
          toastSuccess(t('dialog.started', { number: number }));
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      onSubmit={save}
      onCancel={onClose}
      submitLabel={t('dialog.submit')}
      disabled={noSection || noFloor}
      pending={ask.isPending}
    >
      <FormControl component="fieldset" error={noSection}>
        <FormLabel component="legend">{t('dialog.sections')}</FormLabel>
        <FormGroup>
          {HANDOVER_SECTIONS.map((section) => (
            <FormControlLabel
              key={section}
              control={
                <Checkbox
                  size="small"
                  checked={sections.has(section)}
                  onChange={() => setSections((set) => toggle(set, section))}
                />
              }
              label={t(`section.${section}`)}
            />
          ))}
        </FormGroup>
        {noSection ? <FormHelperText>{t('dialog.sections_none')}</FormHelperText> : null}
      </FormControl>
      {site.floors.length > 1 ? (
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('dialog.floors')}</FormLabel>
          <FormGroup>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={allFloors}
                  onChange={(event) => setAllFloors(event.target.checked)}
                />
              }
              label={t('dialog.all_floors')}
            />
            {allFloors
              ? null
              : site.floors.map((floor) => (
                  <FormControlLabel
                    key={floor.id}
                    sx={{ pl: 3 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={floorIds.has(floor.id)}
                        onChange={() => setFloorIds((set) => toggle(set, floor.id))}
                      />
                    }
                    label={floor.name}
                  />
                ))}
          </FormGroup>
        </FormControl>
      ) : null}
      {/* In a group of its own: the dialog's stack would otherwise undo the label's negative margin. */}
      <FormGroup>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={archived}
              onChange={(event) => setArchived(event.target.checked)}
            />
          }
          label={t('dialog.include_archived')}
        />
      </FormGroup>
      <TextField
        select
        label={t('dialog.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <MenuItem key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </TextField>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('dialog.format')}</FormLabel>
        <RadioGroup value={format} onChange={(event) => setFormat(event.target.value as HandoverFormat)}>
          {(['pdf', 'zip'] as const).map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio size="small" />}
              label={
                <>
                  {t(`dialog.${choice}`)}
                  <FormHelperText sx={{ mt: 0 }}>{t(`dialog.${choice}_help`)}</FormHelperText>
                </>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
    </DialogForm>
  );
}
