/**
 * pdfjs-dist loaded for the tests that read a PDF back, after the polyfills it needs on Node 20.
 * The polyfills must run before pdfjs-dist is evaluated, hence the dynamic import.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

// pdfjs-dist 6 calls Promise.withResolvers and ArrayBuffer's transferToFixedLength, which Node 20
// lacks (Node 22 has both); without the second it silently drops a page's operators.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
if (!('withResolvers' in Promise)) {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}

export const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** The standard 14 fonts' metrics, for PDFs that use them (a datasheet made with Helvetica). */
export const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
