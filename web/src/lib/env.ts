/** True on a developer or test host: the header then uses the info colour instead of primary. */
export function isDevHost(hostname: string = window.location.hostname): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host.endsWith('.local')
  );
}
