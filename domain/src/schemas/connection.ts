import { z } from 'zod';
import { CONNECTION_STATUSES, CONNECTION_WARNINGS, PASS_THROUGH_SIDES } from '../connections.ts';
import { encodeMessage } from '../i18n/messages.ts';
import { CONNECTION_LIST_COLUMNS, CONNECTION_PORT_COLUMNS } from '../siteConnections.ts';
import {
  idField,
  jsonList,
  optionalChoice,
  optionalId,
  optionalNumber,
  optionalText,
  requiredId,
  versionField,
} from './form.ts';

/**
 * Connections (cables) of a site: each end is a device's port (`*_device_id` + `*_interface_id`)
 * or a free label for gear outside the site (`*_label`, e.g. "Provider ONT").
 */

const endFields = {
  a_device_id: optionalId('a_device_id').optional(),
  a_interface_id: optionalId('a_interface_id').optional(),
  a_label: optionalText('a_label').optional(),
  b_device_id: optionalId('b_device_id').optional(),
  b_interface_id: optionalId('b_interface_id').optional(),
  b_label: optionalText('b_label').optional(),
};

const cableFields = {
  code: optionalText('code', 50).optional(),
  cable_type: optionalText('cable_type', 100).optional(),
  length_m: optionalNumber('length_m', { min: 0, max: 100_000 }).optional(),
  colour: optionalText('colour', 50).optional(),
  status: optionalChoice('status', CONNECTION_STATUSES).optional(),
  note: optionalText('note', 2000).optional(),
};

type Ends = { [K in keyof typeof endFields]?: number | string | null | undefined };

/**
 * Each end sent is a device with one of its ports, or a label, never both nor half: "End A needs a
 * device and a port, or a label". `partial`: an end left out entirely stays as it is (PUT).
 */
function checkEnds(value: Ends, ctx: z.RefinementCtx, partial: boolean) {
  for (const end of ['a', 'b'] as const) {
    const device = value[`${end}_device_id`];
    const port = value[`${end}_interface_id`];
    const label = value[`${end}_label`];
    if (partial && device === undefined && port === undefined && label === undefined) continue;
    const onDevice = device != null && port != null && label == null;
    const free = label != null && device == null && port == null;
    if (!onDevice && !free) {
      ctx.addIssue({
        code: 'custom',
        message: encodeMessage('connection_end_invalid', { end: end.toUpperCase() }),
        path: [`${end}_device_id`],
      });
    }
  }
}

/** POST /api/site/connections; without a code, the site's next (`C-0001`). */
export const connectionCreateSchema = z
  .object({ site_id: requiredId('site'), ...endFields, ...cableFields })
  .superRefine((value, ctx) => checkEnds(value, ctx, false));
export type ConnectionCreateInput = z.output<typeof connectionCreateSchema>;

/** PUT /api/site/connections: the fields sent change; an end is sent whole or not at all. */
export const connectionUpdateSchema = z
  .object({ id: idField('id'), ...endFields, ...cableFields, updated_at: versionField().optional() })
  .superRefine((value, ctx) => checkEnds(value, ctx, true));
export type ConnectionUpdateInput = z.output<typeof connectionUpdateSchema>;

/** POST /api/site/connections/bulk: ports in sequence, A's n-th to B's n-th, one cable each. */
export const connectionBulkSchema = z
  .object({
    site_id: requiredId('site'),
    a_device_id: requiredId('a_device_id'),
    a_interface_ids: jsonList(idField('a_interface_id'), 'a_interface_id', 500),
    b_device_id: requiredId('b_device_id'),
    b_interface_ids: jsonList(idField('b_interface_id'), 'b_interface_id', 500),
    cable_type: cableFields.cable_type,
    colour: cableFields.colour,
    status: cableFields.status,
  })
  .superRefine((value, ctx) => {
    if (value.a_interface_ids.length === 0 || value.a_interface_ids.length !== value.b_interface_ids.length) {
      ctx.addIssue({
        code: 'custom',
        message: encodeMessage('connection_bulk_counts'),
        path: ['b_interface_ids'],
      });
    }
  });
export type ConnectionBulkInput = z.output<typeof connectionBulkSchema>;

/** PUT /api/site/connections/status: one status for many cables (the schedule's bulk action). */
export const connectionStatusSchema = z.object({
  site_id: requiredId('site'),
  ids: jsonList(idField('id'), 'id', 20_000),
  status: z.enum(CONNECTION_STATUSES, {
    error: encodeMessage('field_one_of', { field: 'status', values: CONNECTION_STATUSES.join(', ') }),
  }),
});
export type ConnectionStatusInput = z.output<typeof connectionStatusSchema>;

export const connectionIdQuerySchema = z.object({ id: idField('id') });
/** `device_id`: only the cables at that device (its card's Ports tab), not the whole schedule. */
export const connectionListQuerySchema = z.object({
  site_id: requiredId('site'),
  device_id: idField('device_id').optional(),
});
export const connectionTraceQuerySchema = z.object({
  device_id: idField('device_id'),
  interface_id: idField('interface_id'),
});
export const devicePortsQuerySchema = z.object({ device_id: idField('device_id') });

/** A port's facts as a connection shows them; null for a free end. */
export const portSummarySchema = z.object({
  label: z.string().nullable(),
  terminal: z.string().nullable(),
  signal: z.string().nullable(),
  io: z.string().nullable(),
});
export type PortSummary = z.infer<typeof portSummarySchema>;

/** A cable as every answer gives it; lists leave the times out (`ConnectionDetail` has them). */
export const connectionSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  code: z.string(),
  a_device_id: z.number().nullable(),
  a_interface_id: z.number().nullable(),
  a_label: z.string().nullable(),
  a_port: portSummarySchema.nullable(),
  b_device_id: z.number().nullable(),
  b_interface_id: z.number().nullable(),
  b_label: z.string().nullable(),
  b_port: portSummarySchema.nullable(),
  cable_type: z.string().nullable(),
  length_m: z.number().nullable(),
  colour: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  note: z.string().nullable(),
});
export type ConnectionDto = z.infer<typeof connectionSchema>;

/** One cable as a single answer gives it: with its times, `updated_at` sent back with an edit (409). */
export const connectionDetailSchema = connectionSchema.extend({
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConnectionDetail = z.infer<typeof connectionDetailSchema>;

export const connectionWarningSchema = z.enum(CONNECTION_WARNINGS);
/** A connection written, and what its ends are warned about (an empty list when they match). */
export const connectionResponseSchema = z.object({
  connection: connectionDetailSchema,
  warnings: z.array(connectionWarningSchema),
});
/** GET /api/site/connections/one?id=: one cable with its times, as the editor starts from it. */
export const connectionShowResponseSchema = z.object({ connection: connectionDetailSchema });

const listRowShape = connectionSchema.shape;
/** A cable's values in the order of CONNECTION_LIST_COLUMNS. */
const connectionListRowSchema = z.tuple([
  listRowShape.id,
  listRowShape.code,
  listRowShape.a_device_id,
  listRowShape.a_interface_id,
  listRowShape.a_label,
  listRowShape.b_device_id,
  listRowShape.b_interface_id,
  listRowShape.b_label,
  listRowShape.cable_type,
  listRowShape.length_m,
  listRowShape.colour,
  listRowShape.status,
  listRowShape.note,
]);
export type ConnectionListRow = z.infer<typeof connectionListRowSchema>;
const portRowSchema = z.tuple([
  z.number(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);

/**
 * GET /api/site/connections: the site's cables (or one device's) as rows of values under one list
 * of column names, by code, and the facts of the ports they use once per interface: a fifth of
 * the size of the same cables as objects with their ends' facts (bench/RESULTS.md §14).
 */
export const connectionListResponseSchema = z.object({
  connections: z.object({
    columns: z.array(z.enum(CONNECTION_LIST_COLUMNS)),
    rows: z.array(connectionListRowSchema),
  }),
  ports: z.object({ columns: z.array(z.enum(CONNECTION_PORT_COLUMNS)), rows: z.array(portRowSchema) }),
});
export type ConnectionListResponse = z.infer<typeof connectionListResponseSchema>;

/** PUT /api/site/connections/status: the cables changed, whole. */
export const connectionStatusResponseSchema = z.object({ connections: z.array(connectionDetailSchema) });
export const connectionBulkResponseSchema = z.object({
  connections: z.array(connectionDetailSchema),
  warnings: z.array(z.object({ connection_id: z.number(), warnings: z.array(connectionWarningSchema) })),
});

/** A device's port: an interface of its product, with the cables at it. */
export const portSchema = z.object({
  interface_id: z.number(),
  label: z.string().nullable(),
  terminal: z.string().nullable(),
  signal: z.string().nullable(),
  io: z.string().nullable(),
  pass_through: z.enum(PASS_THROUGH_SIDES).nullable(),
  /** A bus terminal takes several cables. */
  bus: z.boolean(),
  /** The product no longer lists it; it stays while a cable is at it. */
  discarded: z.boolean(),
  /** The cable at it (the first, on a bus port), or null. */
  connection_id: z.number().nullable(),
  connection_ids: z.array(z.number()),
});
export type PortDto = z.infer<typeof portSchema>;
export const portListResponseSchema = z.object({ ports: z.array(portSchema) });

export const traceHopSchema = z.object({
  device_id: z.number().nullable(),
  device_code: z.string().nullable(),
  device_name: z.string().nullable(),
  interface_id: z.number().nullable(),
  port_label: z.string().nullable(),
  /** A free end's label. */
  label: z.string().nullable(),
  /** The cable from this hop to the next; null at the far end. */
  connection_id: z.number().nullable(),
  connection_code: z.string().nullable(),
});
export type TraceHopDto = z.infer<typeof traceHopSchema>;
export const traceResponseSchema = z.object({ hops: z.array(traceHopSchema) });

/**
 * The columns of the connection spreadsheet, export and import alike: each end names a device by
 * its code (else its name) and a port by its label, or a free label for gear outside the site.
 */
export const CONNECTION_SHEET_COLUMNS = [
  { key: 'code', header: 'Code' },
  { key: 'a_device', header: 'A Device' },
  { key: 'a_port', header: 'A Port' },
  { key: 'a_label', header: 'A Label' },
  { key: 'b_device', header: 'B Device' },
  { key: 'b_port', header: 'B Port' },
  { key: 'b_label', header: 'B Label' },
  { key: 'cable_type', header: 'Cable Type' },
  { key: 'length_m', header: 'Length (m)' },
  { key: 'colour', header: 'Colour' },
  { key: 'status', header: 'Status' },
  { key: 'note', header: 'Note' },
] as const;
export type ConnectionSheetField = (typeof CONNECTION_SHEET_COLUMNS)[number]['key'];

/** The most rows one connection import takes. */
export const MAX_CONNECTION_IMPORT_ROWS = 20_000;

// A cell as a sheet gives it: text, or a number the reader kept as one.
const sheetCell = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string().max(20_000).nullable(),
  )
  .optional();

/**
 * POST /api/site/connections/import: one object per sheet row. A row whose code is a cable of the
 * site changes it, any other row adds one (numbered on when it has no code). A field left out
 * stays as it is; an empty one clears it. `row` is the sheet's row number (its header is row 1),
 * by default the row's place in the list plus one.
 */
export const connectionImportSchema = z.object({
  site_id: requiredId('site'),
  dry_run: z.boolean().optional(),
  rows: z
    .array(
      z.object({
        row: z.number().int().min(1).max(1_000_000).optional(),
        ...(Object.fromEntries(CONNECTION_SHEET_COLUMNS.map((c) => [c.key, sheetCell])) as Record<
          ConnectionSheetField,
          typeof sheetCell
        >),
      }),
    )
    .min(1)
    .max(MAX_CONNECTION_IMPORT_ROWS),
});
export type ConnectionImportInput = z.output<typeof connectionImportSchema>;
export type ConnectionImportRow = ConnectionImportInput['rows'][number];
