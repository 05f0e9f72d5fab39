/** An object's tags as coloured chips, read-only (lists and cards). */
import type { TagDto } from '@asbuilt/domain';
import { Chip, type ChipProps, Stack } from '@mui/material';
import { useTags } from '../../api/tags.ts';

/** Black or white text, whichever reads better on the tag's colour. */
export function textOn(color: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16)) as [
    number,
    number,
    number,
  ];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000' : '#fff';
}

export function TagChip({
  tag,
  onDelete,
}: {
  tag: Pick<TagDto, 'name' | 'color'>;
  onDelete?: ChipProps['onDelete'];
}) {
  return (
    <Chip
      size="small"
      label={tag.name}
      onDelete={onDelete}
      sx={{
        bgcolor: tag.color,
        color: textOn(tag.color),
        '& .MuiChip-deleteIcon': { color: textOn(tag.color), opacity: 0.7 },
      }}
    />
  );
}

export function TagChips({ ids, tags }: { ids: readonly number[]; tags: readonly TagDto[] | undefined }) {
  if (ids.length === 0 || !tags) return null;
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="tag-chips">
      {ids.map((id) => {
        const tag = byId.get(id);
        return tag ? <TagChip key={id} tag={tag} /> : null;
      })}
    </Stack>
  );
}

/** An object's tags among those of `siteId`'s tenant (or the own tenant's), as chips. */
export function OwnTagChips({ ids, siteId = null }: { ids: readonly number[]; siteId?: number | null }) {
  const tags = useTags(siteId, ids.length > 0);
  return <TagChips ids={ids} tags={tags.data?.tags} />;
}
