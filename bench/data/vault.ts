/**
 * Vault secrets, sealed as the server seals them (platform/vault.ts: AES-256-GCM bound to the
 * secret's id and site) with the key the server will load from DATA_DIR/vault.key or VAULT_KEY,
 * so that reveal works on the server started on the same DATA_DIR. The ids are reserved first
 * (the seal names them), the passwords sealed in JS, the rows inserted set-based.
 */
import { secrets } from '../../server/src/db/schema.ts';
import { secretBinding, type Vault } from '../../server/src/platform/vault.ts';
import { idQueue, insertValues, reserveIds } from './insert.ts';
import { perSite, streamOf } from './rng.ts';
import type { Counts, World } from './world.ts';

const KINDS = [
  { name: 'Switch admin', username: 'admin', level: 'Admin' },
  { name: 'NVR web interface', username: 'operator', level: 'User' },
  { name: 'Wi-Fi controller', username: 'admin', level: 'Admin' },
  { name: 'Door controller', username: 'service', level: 'Admin' },
  { name: 'BMS web', username: 'viewer', level: 'Read only' },
  { name: 'Router VPN', username: 'vpn', level: 'User' },
  { name: 'Camera admin', username: 'root', level: 'Admin' },
] as const;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+=';

export async function makeSecrets(world: World, vault: Vault): Promise<Counts> {
  const { db, users } = world;
  const r = streamOf('secrets');
  const counts = perSite(
    world.sites,
    world.plan.secrets,
    (devices) => devices + 20,
    world.plan.huge_site?.secrets ?? 0,
  );
  const next = idQueue(
    await reserveIds(
      db,
      'secrets',
      counts.reduce((acc, n) => acc + n, 0),
    ),
  );
  const rows: (typeof secrets.$inferInsert)[] = [];
  let linked = 0;
  world.sites.forEach((site, s) => {
    for (let i = 0; i < counts[s]!; i++) {
      const id = next();
      const kind = r.pick(KINDS);
      const roll = r.next();
      const k = site.deviceIds.length > 0 && roll < 0.5 ? r.int(0, site.deviceIds.length - 1) : -1;
      const floor = k < 0 && roll < 0.65 && site.floors.length > 0 ? r.pick(site.floors) : null;
      const room = floor ? r.pick(floor.rooms) : null;
      const deviceId = k >= 0 ? site.deviceIds[k]! : null;
      const isPrivate = r.chance(0.05);
      const author = isPrivate || r.chance(0.5) ? users.bench : r.pick(users.technicians);
      const password = Array.from({ length: 16 }, () => ALPHABET[r.int(0, ALPHABET.length - 1)]).join('');
      const name = `${kind.name} ${i + 1}`;
      rows.push({
        id,
        site_id: site.id,
        device_id: deviceId,
        user_id: author.id,
        name,
        url: r.chance(0.7) ? `https://10.${s % 200}.${r.int(0, 255)}.${r.int(1, 254)}` : null,
        username: kind.username,
        password_encrypted: vault.encrypt(password, secretBinding({ id, site_id: site.id })),
        comment: r.chance(0.2) ? 'Changed after commissioning' : null,
        level: kind.level,
        secretable_type: deviceId !== null ? 'Device' : room ? 'Location' : null,
        secretable_id: deviceId ?? room?.id ?? null,
        private: isPrivate,
      });
      if (deviceId !== null || room) linked++;
      site.secrets.push({ id, name });
    }
  });
  await insertValues(db, secrets, rows);
  return { secrets: rows.length, 'secrets linked': linked };
}
