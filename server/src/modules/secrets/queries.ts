import type { LinkType, SecretDto } from '@asbuilt/domain';
import { and, asc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { secrets, users } from '../../db/schema.ts';
import { linkNamer } from '../sites/links.ts';
import { presentSecret } from './present.ts';

export type SecretRow = typeof secrets.$inferSelect;

/** A private secret is its owner's alone: for anyone else it does not exist. */
export function visibleTo(userId: number): SQL {
  return or(eq(secrets.private, false), eq(secrets.user_id, userId))!;
}

export interface SecretFilter {
  type?: LinkType | null;
  id?: number | null;
}

/** The secrets of a site the viewer may see, sorted by id, without passwords. */
export async function loadSiteSecrets(
  db: DbOrTx,
  site: { id: number; name: string },
  viewerId: number,
  filter: SecretFilter = {},
): Promise<SecretDto[]> {
  const conditions = [eq(secrets.site_id, site.id), visibleTo(viewerId)];
  if (filter.type !== undefined) {
    conditions.push(
      filter.type === null
        ? isNull(secrets.secretable_type)
        : and(eq(secrets.secretable_type, filter.type), eq(secrets.secretable_id, filter.id ?? 0))!,
    );
  }
  return presentRows(db, site, await selectSecrets(db, and(...conditions)!));
}

/** Rows with the owner's name, in id order. */
export function selectSecrets(db: DbOrTx, where: SQL) {
  return db
    .select({ secret: secrets, fname: users.fname, lname: users.lname })
    .from(secrets)
    .leftJoin(users, eq(users.id, secrets.user_id))
    .where(where)
    .orderBy(asc(secrets.id));
}

type SelectedRow = Awaited<ReturnType<typeof selectSecrets>>[number];

export async function presentRows(
  db: DbOrTx,
  site: { id: number; name: string },
  rows: SelectedRow[],
): Promise<SecretDto[]> {
  const name = await linkNamer(
    db,
    site,
    rows.map((r) => ({ type: r.secret.secretable_type as LinkType | null, id: r.secret.secretable_id })),
  );
  return rows.map((r) =>
    presentSecret(r.secret, name, r.fname === null ? null : `${r.fname} ${r.lname ?? ''}`.trim()),
  );
}

/** Every stored password (for the start check and the key rotation). */
export function sealedPasswords(db: DbOrTx) {
  return db
    .select({ id: secrets.id, site_id: secrets.site_id, sealed: secrets.password_encrypted })
    .from(secrets)
    .where(isNotNull(secrets.password_encrypted))
    .orderBy(asc(secrets.id));
}
