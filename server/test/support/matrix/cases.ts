import type { InjectOptions } from 'fastify';
import type { TestApp } from '../app.ts';
import type { SiteWorld } from '../sites.ts';

/** One request of the matrix: built afresh for each user, so a delete or an edit never meets the last one's result. */
export interface MatrixRequest {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a case builds its requests from: the site world, plus the app to create fresh targets in. */
export interface MatrixContext {
  t: TestApp;
  w: SiteWorld;
  /** A Library Admin (role 4, of the library tenant), besides the site world's users. */
  libraryAdminToken: string;
  /**
   * An Integrator of tenant B holding a Full Access record on "Main": an external user at the
   * highest level a record gives. Asked by every case beside the world's users.
   */
  externalFullToken: string;
}

/** The tenant of the user a request is built for (the library tenant is the Super Admin's and the Library Admin's). */
export type AskerTenant = 'A' | 'B' | 'library';

export type Build = (c: MatrixContext, tenant: AskerTenant) => MatrixRequest | Promise<MatrixRequest>;

/** Statuses a permitted user may get besides 2xx (say why next to the case). */
type Allowed = {
  ok?: number[];
  /** Waits for what the permitted calls started in the background, before the next case's count. */
  settle?: (c: MatrixContext) => Promise<void>;
};

/**
 * How a call decides who may, in one of four ways:
 * - `site`: the site permission it needs on "Main" (1 Reader, 2 Contributor, 3 Full Access); the
 *   world's users answer 404 without a way to the site, 403 below the level, and pass at or above;
 *   an external Full Access user passes too, unless `internal` says why the call is for users of
 *   the site's own tenant only (access management), when it answers 403;
 * - `role`: the account role it needs (tenant calls); roles below answer 403, and when `foreign`
 *   is set the request (for an object of tenant A) answers 404 to tenant B's integrator; with
 *   `ownTenantOnly` as well, the call reaches the caller's own tenant only, the Super Admin's too
 *   (theirs is the library), so the Super Admin answers 404 as well (the tenant user forms);
 * - `superAdmin`: roles 1 to 4 answer 403;
 * - `self`: it acts on the caller's own account, so every signed-in user passes (the reason says
 *   why no other's object can be named), or `optOut`: the call is not in this matrix, and why.
 */
export type Case =
  | ({ site: 1 | 2 | 3; internal?: string; request: Build } & Allowed)
  | ({ role: 1 | 2 | 3 | 4; foreign?: boolean; ownTenantOnly?: boolean; request: Build } & Allowed)
  | ({ superAdmin: true; request: Build } & Allowed)
  | ({ self: string; request: Build } & Allowed)
  | { optOut: string };

export type Cases = Record<string, Case>;

export const get = (url: string): MatrixRequest => ({ method: 'GET', url });
export const del = (url: string): MatrixRequest => ({ method: 'DELETE', url });
export const post = (url: string, body: unknown = {}): MatrixRequest => ({ method: 'POST', url, body });
export const put = (url: string, body: unknown = {}): MatrixRequest => ({ method: 'PUT', url, body });

let sequence = 0;
/** A name no earlier request used (unique constraints). */
export const unique = (prefix: string) => `${prefix} ${++sequence}`;
