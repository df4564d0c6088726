/**
 * The importer's findings, by id: why an operation was left out (IMP001–IMP012) and what was
 * changed or dropped in one that was imported (IMP020–IMP027). `docs/openapi-import.md` explains
 * each with what a user can do about it.
 */
export const LEFT_OUT = {
  IMP001: 'its method is not one the format sends (GET, POST, PUT, PATCH, DELETE)',
  IMP002: 'its request body is in a media type the format cannot send (multipart upload, binary, XML, text)',
  IMP003:
    'its request body is not an object with named fields (an array, a scalar, a free-form map or a oneOf of objects)',
  IMP004: 'a required input has a type no primitive holds (a oneOf/anyOf of different kinds)',
  IMP005: 'it needs a cookie parameter',
  IMP006:
    'a required input cannot be carried where it goes (an object or list of objects in a query, path or header; a ' +
    'name no MCP client accepts; a header the runtime owns)',
  IMP007:
    'its security cannot be expressed as server params (cookie, mutual TLS, an HTTP scheme other than bearer or basic)',
  IMP008: 'two of its inputs have the same name',
  IMP009: 'the tool written for it does not validate',
  IMP010: 'it is served from another server than the root the import uses',
} as const;

export const WARNINGS = {
  IMP020:
    'an optional input was left out (a cookie, an object in a query or header, a name no MCP client accepts, a ' +
    'header the runtime owns)',
  IMP021: 'an array in the query is sent comma-joined, while the document asks for one key per item',
  IMP022: 'an enum with more values than the format writes takes any text',
  IMP023: 'an optional request body in a media type the format cannot send was left out',
  IMP024: 'a body field without a type is sent as the JSON value given',
  IMP025: 'a path placeholder had no parameter in the document: it became a required text input',
  IMP026: "the document's security scheme is replaced by a parameter of the operation (Authorization header)",
} as const;

export type LeftOutRule = keyof typeof LEFT_OUT;
export type WarningRule = keyof typeof WARNINGS;

export interface LeftOut {
  readonly rule: LeftOutRule;
  readonly operation: string;
  readonly operationId?: string;
  readonly message: string;
}

export interface ImportWarning {
  readonly rule: WarningRule;
  readonly operation: string;
  readonly message: string;
}
