/**
 * Declares the grouping extension and answers `groups/list` (one page, no cursor issued) on a
 * server. The groups never change while it runs, so `listChanged` is false.
 */
import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { GROUPING_EXTENSION, type GroupEntry } from './selection-groups.ts';

const ListGroupsParams = z.looseObject({ cursor: z.string().optional() });

export function registerGroups(server: Server, groups: readonly GroupEntry[]): void {
  server.registerCapabilities({ extensions: { [GROUPING_EXTENSION]: { listChanged: false } } });
  server.setRequestHandler('groups/list', { params: ListGroupsParams }, (params) => {
    if (params.cursor !== undefined)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid cursor: this server lists every group on one page and issued no cursor',
      );
    return { groups: groups.map((group) => ({ ...group })) };
  });
}
