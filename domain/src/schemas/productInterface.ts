import { z } from 'zod';
import { PASS_THROUGH_SIDES, type PassThroughSide } from '../connections.ts';
import { encodeMessage, type FieldKey } from '../i18n/messages.ts';
import {
  INTERFACE_IO,
  INTERFACE_SIGNALS,
  INTERFACE_TERMINALS,
  type InterfaceIo,
  type InterfaceSignal,
  type InterfaceTerminal,
} from '../interfaces.ts';
import { formBoolean, jsonList, optionalId, optionalText } from './form.ts';

/** A product's interfaces (I/O): the list a product form sends, and one as answered. */

const interfaceAttributeItem = z.object({
  id: optionalId('interface_id').optional(),
  interface_type: z.unknown().optional(),
  terminal: z.unknown().optional(),
  signal: z.unknown().optional(),
  label: optionalText('interface_label').optional(),
  pass_through: z.unknown().optional(),
  _destroy: formBoolean('_destroy').optional(),
});

export interface InterfaceAttribute {
  id?: number | null | undefined;
  interface_type?: InterfaceIo | undefined;
  terminal?: InterfaceTerminal | null | undefined;
  signal?: InterfaceSignal | null | undefined;
  label?: string | null | undefined;
  /** The side of a port the product passes straight through (front N runs to rear N); null for none. */
  pass_through?: PassThroughSide | null | undefined;
  _destroy?: boolean | undefined;
}

const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Interfaces to create (no id), update (id) or discard (id and `_destroy`), checked as a list so
 * every message names the interface (`Interface 3: ...`, counting from 1).
 */
export const interfacesAttributesSchema = jsonList(interfaceAttributeItem, 'interfaces').transform(
  (items, ctx): InterfaceAttribute[] => {
    const out: InterfaceAttribute[] = [];
    items.forEach((item, index) => {
      const at = index + 1;
      const check = <T extends string>(
        key: 'interface_type' | 'terminal' | 'signal' | 'pass_through',
        field: FieldKey,
        values: readonly T[],
      ): T | null | undefined => {
        const value = item[key];
        if (value === undefined) return undefined;
        if (blank(value)) return null;
        if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('interface_not_one_of', { index: at, field, values: values.join(', ') }),
          path: [index, key],
        });
        return undefined;
      };
      const io = check('interface_type', 'io', INTERFACE_IO);
      const terminal = check('terminal', 'terminal', INTERFACE_TERMINALS);
      const signal = check('signal', 'signal', INTERFACE_SIGNALS);
      const passThrough = check('pass_through', 'pass_through', PASS_THROUGH_SIDES);
      if (item._destroy) {
        // Discarding a new (id-less) interface means not creating it.
        if (item.id) out.push({ id: item.id, _destroy: true });
        return;
      }
      if (io === null || (!item.id && io === undefined && item.interface_type === undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('interface_io_required', { index: at }),
          path: [index, 'interface_type'],
        });
        return;
      }
      out.push({
        ...(item.id ? { id: item.id } : {}),
        ...(io ? { interface_type: io } : {}),
        ...(terminal !== undefined ? { terminal } : {}),
        ...(signal !== undefined ? { signal } : {}),
        ...(item.label !== undefined ? { label: item.label } : {}),
        ...(passThrough !== undefined ? { pass_through: passThrough } : {}),
      });
    });
    return out;
  },
);

export const interfaceSchema = z.object({
  id: z.number(),
  interface_type: z.string().nullable(),
  terminal: z.string().nullable(),
  signal: z.string().nullable(),
  label: z.string().nullable(),
  pass_through: z.enum(PASS_THROUGH_SIDES).nullable(),
});
export type InterfaceDto = z.infer<typeof interfaceSchema>;
