import { describe, expect, it } from 'vitest';
import { AddressRefusedError, checkedAddresses, isRefusedAddress } from '../../src/platform/address-guard.ts';

describe('the webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '203.0.113.9'])(
    'allows the public address %s',
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );

  it('refuses what is not an address at all', () => {
    expect(isRefusedAddress('example.com')).toBe(true);
  });

  it('checks every address a name resolves to: one private answer refuses the name', async () => {
    const resolver = (answers: string[]) => async () => answers;
    await expect(checkedAddresses('public.test', resolver(['8.8.8.8']))).resolves.toEqual(['8.8.8.8']);
    await expect(checkedAddresses('mixed.test', resolver(['8.8.8.8', '10.0.0.1']))).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
    await expect(checkedAddresses('metadata.test', resolver(['169.254.169.254']))).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
    await expect(checkedAddresses('empty.test', resolver([]))).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('refuses localhost through the system resolver, and literal addresses without asking it', async () => {
    await expect(checkedAddresses('localhost')).rejects.toBeInstanceOf(AddressRefusedError);
    const never = async () => {
      throw new Error('a literal address needs no lookup');
    };
    await expect(checkedAddresses('[::1]', never)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(checkedAddresses('8.8.4.4', never)).resolves.toEqual(['8.8.4.4']);
  });
});
