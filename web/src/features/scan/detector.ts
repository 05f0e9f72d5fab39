/**
 * A QR code reader: the browser's own `BarcodeDetector` where it reads QR codes (Chrome on Android,
 * Safari), else the `barcode-detector` ponyfill, whose ZXing WebAssembly is a file of this build,
 * served by this server: no CDN, and nothing the Content-Security-Policy has to allow from outside.
 * The ponyfill's script and wasm load only when a browser without a reader opens the scanner.
 */

export interface QrReader {
  /** The texts of the QR codes seen in the video's current frame. */
  read(video: HTMLVideoElement): Promise<string[]>;
}

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<QrReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return { read: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<QrReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return { read: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

let reader: Promise<QrReader> | undefined;

/** The reader, made once per page. */
export function qrReader(): Promise<QrReader> {
  reader ??= nativeReader().then((native) => native ?? wasmReader());
  reader.catch(() => {
    reader = undefined;
  });
  return reader;
}
