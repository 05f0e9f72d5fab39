/**
 * The product editor's values, validation and payloads. Validation reuses the domain's field
 * schemas (the same ones the server parses with) and adds the four required markers of the spec.
 * A new product sends only the fields that are filled in; an update sends only what changed.
 */
import {
  type AiProductDraft,
  type InterfaceAttribute,
  type InterfaceDto,
  type InterfaceIo,
  type InterfaceSignal,
  type InterfaceTerminal,
  type PassThroughSide,
  PRODUCT_PLAIN_FIELDS,
  type ProductDto,
  productFieldSchemas,
} from '@asbuilt/domain';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import type { ProductPayload } from '../../api/products.ts';

export type ProductEditorVariant = 'tenant' | 'admin';

/** One interface row of the form; `interface_id` is the stored id (absent for a new one). */
export interface InterfaceFormValue {
  interface_id?: number;
  interface_type: string;
  terminal: string;
  signal: string;
  label: string;
  /** 'front', 'rear' or '' (the port passes nothing through). */
  pass_through: string;
}

/** What the inputs hold: text for text and number inputs, ids for the pickers. */
export interface ProductFormValues {
  name: string;
  image: string | null;
  product_model: string;
  product_url: string;
  product_status: boolean;
  power: string;
  sku: string;
  upc: string;
  ean: string;
  description: string;
  features: string;
  height: string;
  width: string;
  depth: string;
  weight: string;
  rack_mounted: boolean;
  rack_units: string;
  brand_id: number | null;
  procat_id: number | null;
  preferred_supplier_id: number | null;
  /** YYYY-MM-DD or '' (issue 44). */
  end_of_sale: string;
  end_of_support: string;
  tenant_id: number | null;
  interfaces: InterfaceFormValue[];
}

const required = <S extends z.ZodType>(schema: S, message: string) =>
  schema.refine((value) => value !== null && value !== undefined, { message });

/**
 * The form's own required messages: keys of the `products` catalogue, which the editor turns
 * into the reader's language where it shows a field's message (`productFieldMessage`).
 */
export const PRODUCT_REQUIRED_MESSAGES = {
  brand_id: 'products:validation.brand_required',
  product_model: 'products:validation.model_required',
  procat_id: 'products:validation.procat_required',
} as const;
export type ProductRequiredMessage =
  (typeof PRODUCT_REQUIRED_MESSAGES)[keyof typeof PRODUCT_REQUIRED_MESSAGES];

const REQUIRED_MESSAGE_SET: ReadonlySet<string> = new Set(Object.values(PRODUCT_REQUIRED_MESSAGES));

export function isProductRequiredMessage(text: string | undefined): text is ProductRequiredMessage {
  return text !== undefined && REQUIRED_MESSAGE_SET.has(text);
}

const interfaceFormSchema = z.object({
  interface_id: z.number().optional(),
  interface_type: z.string(),
  terminal: z.string(),
  signal: z.string(),
  label: z.string(),
  pass_through: z.string(),
});

export const productFormSchema = z.object({
  name: productFieldSchemas.name,
  image: productFieldSchemas.image,
  product_model: required(productFieldSchemas.product_model, PRODUCT_REQUIRED_MESSAGES.product_model),
  product_url: productFieldSchemas.product_url,
  product_status: productFieldSchemas.product_status,
  power: productFieldSchemas.power,
  sku: productFieldSchemas.sku,
  upc: productFieldSchemas.upc,
  ean: productFieldSchemas.ean,
  description: productFieldSchemas.description,
  features: productFieldSchemas.features,
  height: productFieldSchemas.height,
  width: productFieldSchemas.width,
  depth: productFieldSchemas.depth,
  weight: productFieldSchemas.weight,
  rack_mounted: productFieldSchemas.rack_mounted,
  rack_units: productFieldSchemas.rack_units,
  brand_id: required(productFieldSchemas.brand_id, PRODUCT_REQUIRED_MESSAGES.brand_id),
  procat_id: required(productFieldSchemas.procat_id, PRODUCT_REQUIRED_MESSAGES.procat_id),
  preferred_supplier_id: productFieldSchemas.preferred_supplier_id,
  end_of_sale: productFieldSchemas.end_of_sale,
  end_of_support: productFieldSchemas.end_of_support,
  tenant_id: z.number().nullable(),
  interfaces: z.array(interfaceFormSchema),
});
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type ProductFormControl = Control<ProductFormValues, unknown, ProductFormOutput>;

/** Fields of the General tab (and of the short form): where to go when one of them is wrong. */
export const GENERAL_FIELDS = [
  'name',
  'image',
  'product_model',
  'product_url',
  'product_status',
  'sku',
  'upc',
  'ean',
  'brand_id',
  'procat_id',
  'preferred_supplier_id',
  'tenant_id',
] as const;
export const SPECIFICATION_FIELDS = [
  'power',
  'height',
  'width',
  'depth',
  'weight',
  'rack_mounted',
  'rack_units',
  'end_of_sale',
  'end_of_support',
] as const;
export const DESCRIPTION_FIELDS = ['description', 'features'] as const;

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function interfaceToForm(item: InterfaceDto): InterfaceFormValue {
  return {
    interface_id: item.id,
    interface_type: text(item.interface_type),
    terminal: text(item.terminal),
    signal: text(item.signal),
    label: text(item.label),
    pass_through: text(item.pass_through),
  };
}

/** Form values of an existing product, or of a new one (spec defaults: in production, not rack mounted). */
export function productToForm(
  product: ProductDto | null | undefined,
  tenantId: number | null,
): ProductFormValues {
  return {
    name: text(product?.name),
    image: product?.image_key ?? null,
    product_model: text(product?.product_model),
    product_url: text(product?.product_url),
    product_status: product?.product_status ?? true,
    power: numberText(product?.power),
    sku: text(product?.sku),
    upc: text(product?.upc),
    ean: text(product?.ean),
    description: text(product?.description),
    features: text(product?.features),
    height: numberText(product?.height),
    width: numberText(product?.width),
    depth: numberText(product?.depth),
    weight: numberText(product?.weight),
    rack_mounted: product?.rack_mounted ?? false,
    rack_units: numberText(product?.rack_units),
    brand_id: product?.brand_id ?? null,
    procat_id: product?.procat_id ?? null,
    preferred_supplier_id: product?.preferred_supplier_id ?? null,
    end_of_sale: text(product?.end_of_sale),
    end_of_support: text(product?.end_of_support),
    tenant_id: product?.tenant_id ?? tenantId,
    interfaces: (product?.interfaces ?? []).map(interfaceToForm),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function interfaceAttribute(item: InterfaceFormValue): InterfaceAttribute {
  const attribute: InterfaceAttribute = { interface_type: item.interface_type as InterfaceIo };
  const terminal = orNull(item.terminal);
  const signal = orNull(item.signal);
  const label = orNull(item.label);
  const passThrough = orNull(item.pass_through);
  if (terminal) attribute.terminal = terminal as InterfaceTerminal;
  if (signal) attribute.signal = signal as InterfaceSignal;
  if (label) attribute.label = label;
  if (passThrough) attribute.pass_through = passThrough as PassThroughSide;
  return attribute;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** POST body: only the fields that hold something (status and tenant in the admin variant only). */
export function productCreatePayload(
  values: ProductFormOutput,
  variant: ProductEditorVariant,
): ProductPayload {
  const payload: Record<string, unknown> = {};
  for (const field of PRODUCT_PLAIN_FIELDS) {
    if (!isEmpty(values[field])) payload[field] = values[field];
  }
  if (values.rack_mounted) {
    payload.rack_mounted = true;
    if (!isEmpty(values.rack_units)) payload.rack_units = values.rack_units;
  }
  if (variant === 'admin') {
    payload.product_status = values.product_status;
    if (values.tenant_id !== null) payload.tenant_id = values.tenant_id;
  }
  if (values.interfaces.length > 0) payload.interfaces_attributes = values.interfaces.map(interfaceAttribute);
  return payload as ProductPayload;
}

/** Interfaces to add, change (only the changed parts) and discard. */
export function interfaceChanges(
  original: readonly InterfaceDto[],
  current: readonly InterfaceFormValue[],
): InterfaceAttribute[] {
  const changes: InterfaceAttribute[] = [];
  const kept = new Set<number>();
  for (const item of current) {
    if (item.interface_id === undefined) {
      changes.push(interfaceAttribute(item));
      continue;
    }
    kept.add(item.interface_id);
    const before = original.find((o) => o.id === item.interface_id);
    if (!before) continue;
    const change: InterfaceAttribute = { id: item.interface_id };
    if (item.interface_type && item.interface_type !== text(before.interface_type)) {
      change.interface_type = item.interface_type as InterfaceIo;
    }
    if (item.terminal !== text(before.terminal)) {
      change.terminal = orNull(item.terminal) as InterfaceTerminal | null;
    }
    if (item.signal !== text(before.signal)) change.signal = orNull(item.signal) as InterfaceSignal | null;
    if (item.label.trim() !== text(before.label)) change.label = orNull(item.label);
    if (item.pass_through !== text(before.pass_through)) {
      change.pass_through = orNull(item.pass_through) as PassThroughSide | null;
    }
    if (Object.keys(change).length > 1) changes.push(change);
  }
  for (const before of original) {
    if (!kept.has(before.id)) changes.push({ id: before.id, _destroy: true });
  }
  return changes;
}

/** PUT body without the id: only what differs from the stored product (null clears a field). */
export function productUpdatePayload(
  product: ProductDto,
  values: ProductFormOutput,
  variant: ProductEditorVariant,
): ProductPayload {
  const payload: Record<string, unknown> = {};
  const stored: Record<(typeof PRODUCT_PLAIN_FIELDS)[number], unknown> = {
    ...product,
    image: product.image_key,
  };
  for (const field of PRODUCT_PLAIN_FIELDS) {
    const before = stored[field] ?? null;
    const after = values[field] ?? null;
    if (before !== after) payload[field] = after;
  }
  if (values.rack_mounted !== product.rack_mounted) payload.rack_mounted = values.rack_mounted;
  if (values.rack_mounted && (values.rack_units ?? null) !== (product.rack_units ?? null)) {
    payload.rack_units = values.rack_units;
  }
  if (variant === 'admin') {
    if (values.product_status !== product.product_status) payload.product_status = values.product_status;
    if (values.tenant_id !== null && values.tenant_id !== product.tenant_id)
      payload.tenant_id = values.tenant_id;
  }
  const interfaces = interfaceChanges(product.interfaces, values.interfaces);
  if (interfaces.length > 0) payload.interfaces_attributes = interfaces;
  return payload as ProductPayload;
}

/** The editor's values from an AI draft: what the generator knew, blank where it did not. */
export function draftToForm(draft: AiProductDraft): Partial<ProductFormValues> {
  return {
    name: text(draft.name),
    product_model: text(draft.product_model),
    product_url: text(draft.product_url),
    product_status: draft.product_status,
    description: text(draft.description),
    features: text(draft.features),
    height: numberText(draft.height),
    width: numberText(draft.width),
    depth: numberText(draft.depth),
    weight: numberText(draft.weight),
    power: numberText(draft.power),
    sku: text(draft.sku),
    upc: text(draft.upc),
    ean: text(draft.ean),
    brand_id: draft.brand_id,
    procat_id: draft.procat_id,
  };
}
