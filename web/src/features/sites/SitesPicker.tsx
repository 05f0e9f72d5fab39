/**
 * Some of the user's sites, chosen by name (an API token's or a webhook's reach); none chosen means
 * every site. Sites are kept by id, so a site the index no longer lists simply drops out.
 */
import { Autocomplete, TextField } from '@mui/material';
import { type SiteSummary, useSiteIndex } from '../../api/sites.ts';

interface Props {
  value: number[];
  onChange: (siteIds: number[]) => void;
  label: string;
  helperText: string;
  /** Narrows the choice (e.g. to the tenant's own sites, where the server refuses shared ones). */
  offered?: (site: SiteSummary) => boolean;
}

export function SitesPicker({ value, onChange, label, helperText, offered = () => true }: Props) {
  const siteIndex = useSiteIndex();
  const sites = (siteIndex.data?.sites ?? []).filter(offered);
  return (
    <Autocomplete
      multiple
      options={sites}
      loading={siteIndex.isPending}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={sites.filter((site) => value.includes(site.id))}
      onChange={(_event, chosen) => onChange(chosen.map((site) => site.id))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
