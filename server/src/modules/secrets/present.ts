import { type LinkRef, type LinkType, nextRotationDate, type SecretDto } from '@asbuilt/domain';
import type { secrets } from '../../db/schema.ts';
import type { Link } from '../sites/links.ts';

/** A secret as lists show it: whether a password is stored, never the password or its ciphertext. */
export function presentSecret(
  row: typeof secrets.$inferSelect,
  name: (link: Link) => LinkRef,
  userName: string | null,
): SecretDto {
  const link = { type: row.secretable_type as LinkType | null, id: row.secretable_id };
  return {
    id: row.id,
    site_id: row.site_id,
    name: row.name,
    url: row.url,
    username: row.username,
    has_password: row.password_encrypted !== null,
    comment: row.comment,
    level: row.level,
    device_id: row.device_id,
    secretable_type: link.type,
    secretable_id: link.id,
    linked: name(link),
    private: row.private,
    user_id: row.user_id,
    user_name: userName,
    expires_at: row.expires_at,
    rotate_every_days: row.rotate_every_days,
    password_changed_at: row.password_changed_at?.toISOString() ?? null,
    next_rotation_date: nextRotationDate(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
