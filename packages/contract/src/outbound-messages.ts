/** What kind of address an outgoing call was refused for (anything but a public unicast address). */
export type RefusedAddressKind = 'private' | 'loopback' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

const KIND_TEXT: Record<RefusedAddressKind, string> = {
  private: 'a private address',
  loopback: 'a loopback address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** Why an outgoing call to an address an admin or officer typed was not made or not followed. */
export const OUTBOUND_MESSAGES = {
  /** The host is (or resolves to) an address outgoing calls may not reach. */
  refusedAddress: (host: string, address: string, kind: RefusedAddressKind) =>
    `refused: ${host === address ? address : `${host} resolves to ${address}, which`} is ${KIND_TEXT[kind]}; outgoing calls reach only public addresses unless the operator lists the host in OUTBOUND_ALLOWED_HOSTS`,
  /** A redirect chain longer than the guard follows. */
  tooManyRedirects: (max: number) => `refused: more than ${max} redirects`,
  /** A redirect without a usable Location, or to something that is not http(s). */
  badRedirect: 'refused: a redirect to an address that is not http or https',
  /** Only http and https are called. */
  notHttp: 'refused: only http and https addresses are called',
  /** The answer was cut off at the size the guard reads. */
  tooLarge: (bytes: number) => `the answer is larger than ${Math.round(bytes / 1024)} KB`,
} as const;
