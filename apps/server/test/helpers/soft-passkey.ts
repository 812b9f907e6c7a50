import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  WebAuthnAuthenticationResponse,
  WebAuthnCreationOptions,
  WebAuthnRegistrationResponse,
  WebAuthnRequestOptions,
} from '@guildhall/contract';

/**
 * A software authenticator for the tests: one ES256 credential (node's crypto), answering registration options with a
 * 'none' attestation and request options with a signed assertion, in the JSON the browser sends. Every byte is made
 * here (a small CBOR writer included), so the server's verification is checked against the specification rather
 * than against its own library. What a real authenticator never does (another origin, another relying party, a
 * counter going back, no user presence) is an option of each answer, for the attacks.
 */

/** CBOR (RFC 8949) of what a 'none' attestation holds: integers, texts, bytes and maps. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([cborHead(5, value.size), ...entries]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 } as const;

/** What an answer may get wrong on purpose. */
export interface Forgery {
  origin?: string;
  rpId?: string;
  /** Another challenge than the options' (base64url). */
  challenge?: string;
  /** The counter to report instead of the next one. */
  signCount?: number;
  /** Leave the user-present flag out. */
  isUserAbsent?: boolean;
  /** 'webauthn.get' where 'webauthn.create' belongs, or the other way. */
  type?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKeyCose: Buffer;
  /** The counter reported by the last answer; a counting authenticator adds one per assertion. */
  signCount: number;

  /**
   * origin: the page the ceremonies run on, as the browser reports it. A passkey that keeps no counter (many synced
   * ones) reports 0 every time.
   */
  constructor(
    readonly origin: string,
    private readonly options: { keepsCounter?: boolean; isBackedUp?: boolean; transports?: string[] } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.publicKeyCose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    this.signCount = 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(forgery: Forgery, extra = 0) {
    const backup = this.options.isBackedUp ? FLAGS.backupEligible | FLAGS.backedUp : 0;
    return (forgery.isUserAbsent ? 0 : FLAGS.userPresent) | FLAGS.userVerified | backup | extra;
  }

  private clientData(type: string, challenge: string, forgery: Forgery) {
    return Buffer.from(
      JSON.stringify({
        type: forgery.type ?? type,
        challenge: forgery.challenge ?? challenge,
        origin: forgery.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private counterBytes(count: number) {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(count);
    return bytes;
  }

  /** A PublicKeyCredential of this credential, as the browser's toJSON() writes it, around a response. */
  private credential<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }

  /** The answer to registration options: this credential, attested with 'none'. */
  register(options: WebAuthnCreationOptions, forgery: Forgery = {}): WebAuthnRegistrationResponse {
    const rpId = forgery.rpId ?? options.rp.id!;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(forgery, FLAGS.attestedData)]),
      this.counterBytes(forgery.signCount ?? this.signCount),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.publicKeyCose,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, forgery)),
      attestationObject: b64url(attestationObject),
      transports: this.options.transports ?? ['internal'],
    });
  }

  /** The answer to request options: an assertion signed by this credential's key, its counter one higher. */
  assert(options: WebAuthnRequestOptions, forgery: Forgery = {}): WebAuthnAuthenticationResponse {
    if (this.options.keepsCounter) this.signCount += 1;
    const authData = Buffer.concat([
      sha256(forgery.rpId ?? options.rpId!),
      Buffer.from([this.flags(forgery)]),
      this.counterBytes(forgery.signCount ?? this.signCount),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, forgery);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    });
  }

  /** An assertion claiming this credential, signed by another key (an attacker who knows only its id). */
  forgeAssertion(options: WebAuthnRequestOptions): WebAuthnAuthenticationResponse {
    const impostor = new SoftPasskey(this.origin, { keepsCounter: true });
    impostor.signCount = this.signCount + 100;
    return { ...impostor.assert(options), id: this.id, rawId: this.id };
  }
}
