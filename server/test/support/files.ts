/** Small real files for upload tests. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const EVIL_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
    '<script>alert(2)</script><rect width="10" height="10" fill="red" onclick="alert(3)"/>' +
    '<image xlink:href="https://evil.example/track.png"/><foreignObject><div>x</div></foreignObject></svg>',
);

/** Uploads through the API as the web app does (slot, then bytes) and returns the verified key. */
export async function uploadFile(
  t: import('./app.ts').TestApp,
  token: string,
  slot: { folder: string; filename: string; site_id?: number; floor_id?: number; tenant_id?: number },
  data: Buffer = PNG,
): Promise<string> {
  const response = await t.call('POST', '/api/global/uploads', {
    token,
    body: { content_type: 'application/octet-stream', size: data.length, ...slot },
  });
  if (response.statusCode !== 200) throw new Error(`upload slot refused: ${response.body}`);
  const target = response.json();
  const put = await t.call('PUT', target.upload_url, { body: data, headers: target.headers });
  if (put.statusCode !== 200) throw new Error(`upload refused: ${put.body}`);
  return target.key as string;
}
