/**
 * Security scheme definitions (components.securitySchemes): how clients send a credential and where
 * they obtain one. What each operation requires is compared with the operation.
 */
import type { ContractModel, SecuritySchemeModel } from '../contract/model.js';
import { isRecord, joinPointer } from '../contract/pointer.js';
import type { Emit } from './change.js';
import { deref, show } from './document.js';
import { serverKey } from './servers.js';

/** Where the head still requires a scheme: the pointer of the first security list naming it. */
function firstUse(head: ContractModel, name: string): string | undefined {
  const top = head.document['security'];
  if (Array.isArray(top) && top.some((req) => isRecord(req) && name in req)) return '/security';
  for (const op of head.operations) {
    if (op.security.some((req) => name in req)) return joinPointer(op.pointer, 'security');
  }
  return undefined;
}

function schemePointer(model: ContractModel, name: string): string {
  const components = model.document['components'];
  const schemes = isRecord(components) ? components['securitySchemes'] : undefined;
  const at = joinPointer('/components/securitySchemes', name);
  return isRecord(schemes) ? (deref(model.document, schemes[name], at)?.pointer ?? at) : at;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : 'none';
}

export function diffSecuritySchemes(base: ContractModel, head: ContractModel, emit: Emit): void {
  const headSchemes = new Map(head.securitySchemes.map((s) => [s.name, s]));
  for (const bs of base.securitySchemes) {
    const hs = headSchemes.get(bs.name);
    const label = `security scheme "${bs.name}"`;
    if (!hs) {
      const use = firstUse(head, bs.name);
      if (use !== undefined)
        emit(
          'security-scheme-removed',
          use,
          `${label} was removed from components, but the contract still requires it here: clients cannot tell how to send the credential`,
        );
      continue;
    }
    const at = schemePointer(head, hs.name);
    if (bs.type !== hs.type || bs.scheme !== hs.scheme) {
      const what = (s: SecuritySchemeModel): string => (s.scheme !== undefined ? `${s.type} (${s.scheme})` : s.type);
      emit(
        'security-scheme-changed',
        joinPointer(at, bs.type !== hs.type ? 'type' : 'scheme'),
        `${label} changed from ${what(bs)} to ${what(hs)}: credentials sent the old way are refused`,
      );
      continue;
    }
    if (hs.type === 'apiKey') apiKey(bs, hs, at, label, emit);
    if (hs.type === 'oauth2') oauth(bs, hs, at, label, emit);
    if (hs.type === 'openIdConnect' && urlOf(bs.raw['openIdConnectUrl']) !== urlOf(hs.raw['openIdConnectUrl'])) {
      emit(
        'security-scheme-openid-url-changed',
        joinPointer(at, 'openIdConnectUrl'),
        `${label}: openIdConnectUrl changed from ${text(bs.raw['openIdConnectUrl'])} to ${text(hs.raw['openIdConnectUrl'])}: clients discover the provider elsewhere`,
      );
    }
  }
}

function apiKey(bs: SecuritySchemeModel, hs: SecuritySchemeModel, at: string, label: string, emit: Emit): void {
  if (bs.in !== hs.in) {
    emit(
      'security-scheme-api-key-location-changed',
      joinPointer(at, 'in'),
      `${label}: the key moved from the ${text(bs.in)} to the ${text(hs.in)}: keys sent in the ${text(bs.in)} are not read`,
    );
  }
  const fold = (s: SecuritySchemeModel): string | undefined => (s.in === 'header' ? s.paramName?.toLowerCase() : s.paramName);
  if (fold(bs) !== fold(hs)) {
    emit(
      'security-scheme-api-key-name-changed',
      joinPointer(at, 'name'),
      `${label}: the key is read as "${text(hs.paramName)}" instead of "${text(bs.paramName)}": keys sent under the old name are not read`,
    );
  }
}

/** A URL as compared: scheme and host case and a trailing slash do not matter. */
function urlOf(v: unknown): string | undefined {
  return typeof v === 'string' ? serverKey(v) : undefined;
}

function oauth(bs: SecuritySchemeModel, hs: SecuritySchemeModel, at: string, label: string, emit: Emit): void {
  const bFlows = isRecord(bs.raw['flows']) ? bs.raw['flows'] : {};
  const hFlows = isRecord(hs.raw['flows']) ? hs.raw['flows'] : {};
  const flowsAt = joinPointer(at, 'flows');
  for (const [name, bf] of Object.entries(bFlows)) {
    if (name.startsWith('x-') || !isRecord(bf)) continue;
    const hf = hFlows[name];
    if (!isRecord(hf)) {
      emit(
        'security-scheme-oauth-flow-removed',
        isRecord(hs.raw['flows']) ? flowsAt : at,
        `${label}: the OAuth2 ${name} flow was removed: clients that obtain tokens with it can no longer`,
      );
      continue;
    }
    const flowAt = joinPointer(flowsAt, name);
    if (urlOf(bf['tokenUrl']) !== urlOf(hf['tokenUrl'])) {
      emit(
        'security-scheme-token-url-changed',
        joinPointer(flowAt, 'tokenUrl'),
        `${label}: the ${name} flow's tokenUrl changed from ${text(bf['tokenUrl'])} to ${text(hf['tokenUrl'])}: clients configured with the old one must move`,
      );
    }
    for (const key of ['authorizationUrl', 'refreshUrl']) {
      if (urlOf(bf[key]) === urlOf(hf[key])) continue;
      emit(
        'security-scheme-oauth-url-changed',
        joinPointer(flowAt, key),
        `${label}: the ${name} flow's ${key} changed from ${text(bf[key])} to ${text(hf[key])}: clients configured with the old one must move`,
      );
    }
    const bScopes = isRecord(bf['scopes']) ? Object.keys(bf['scopes']) : [];
    const hScopes = isRecord(hf['scopes']) ? hf['scopes'] : {};
    const gone = bScopes.filter((s) => !(s in hScopes));
    if (gone.length > 0) {
      emit(
        'security-scheme-oauth-scope-removed',
        joinPointer(flowAt, 'scopes'),
        `${label}: scope${gone.length > 1 ? 's' : ''} ${gone.map((s) => show(s)).join(', ')} removed from the ${name} flow: clients that request ${gone.length > 1 ? 'them' : 'it'} are refused a token`,
      );
    }
  }
}
