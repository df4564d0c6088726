// Validator UI: calls the same JSON API as scripts (/api/assess, /api/lookup), renders one card per
// layer, and never inserts response text as HTML (textContent only), since it comes from the endpoint
// under test.
const LAYERS = JSON.parse(document.body.dataset.layers || '[]');
const CHAINS = JSON.parse(document.body.dataset.chains || '[]');

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, children = []) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
};

// --- tabs (arrow keys move between them, like a native tab list) ---
const tabs = [$('tab-validate'), $('tab-lookup')];
function selectTab(tab) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !selected;
  }
  clearOutput();
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    selectTab(next);
    next.focus();
  });
}

// --- output ---
function clearOutput() {
  $('error').hidden = true;
  $('error').textContent = '';
  $('results').hidden = true;
  $('status').textContent = '';
  $('links').hidden = true;
  $('changes').hidden = true;
  $('profile').hidden = true;
}
function showError(text) {
  $('error').textContent = text;
  $('error').hidden = false;
}

async function callApi(path, body) {
  const response = await fetch(
    path,
    body === undefined
      ? { credentials: 'same-origin' }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(body),
        },
  );
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* not JSON */
  }
  if (!response.ok) {
    const message = data?.error?.message ?? `The service answered ${response.status}.`;
    const hint = response.status === 401 ? ' Reload the page to start a new session.' : '';
    throw new Error(message + hint);
  }
  return data;
}

// --- how a layer result is shown ---
/** camelCase key → "Camel case" label. */
const label = (key) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(
      /\b(Mcp|Url|Rpc|Oasf|Ap2|A2a|Id|Uri|Ms|Http|Html|Cors|Tls|Pkce|Ui|Sse|Api|Caip|Erc|Json|Ssl|Dns)\b/gi,
      (w) => w.toUpperCase(),
    );

function describe(value) {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(describe).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The card's state: not assessed (this build has no such layer) is not the same as not detected. */
function stateOf(result) {
  const status = result?.status ?? 'not_detected';
  const messages = Array.isArray(result?.messages) ? result.messages : [];
  if (status === 'not_detected' && (result?.summary?.assessed === false || messages.some((m) => m.code === 'PIPE-003')))
    return 'not_assessed';
  if (status === 'pass' && messages.some((m) => m.severity === 'warning')) return 'warn';
  return status;
}

const STATE_TEXT = {
  pass: '✓ Pass',
  warn: '✓ Pass with warnings',
  fail: '✕ Issues',
  not_detected: '– Not detected',
  not_assessed: '○ Not assessed',
};

/** One line under the title: the most useful fact of each layer. */
function headline(name, result) {
  const s = result?.summary ?? {};
  const messages = Array.isArray(result?.messages) ? result.messages : [];
  const facts = {
    mcp: () =>
      s.serverName &&
      `${s.serverName} ${s.serverVersion ?? ''} · ${s.toolCount ?? 0} tools · ${s.protocolVersion ?? ''}`,
    a2a: () =>
      s.agentName &&
      `${s.agentName} · A2A ${s.cardVersion}${s.ap2Version ? ` · AP2 ${s.ap2Version}` : ''}` +
        `${s.x402Extension ? ' · x402' : ''}`,
    x402: () =>
      Array.isArray(s.offers) &&
      s.offers.length > 0 &&
      `${s.offers[0]}${s.offers.length > 1 ? ` (+${s.offers.length - 1} more)` : ''}`,
    erc8004: () =>
      (s.agentId ?? result?.agentId) !== undefined &&
      `Agent ${s.agentId ?? result.agentId}${s.agentName ? ` “${s.agentName}”` : ''} on ${s.chain ?? '?'} · owner ` +
        `${s.owner ?? '?'}`,
    oauth: () => s.issuer && `Issuer ${s.issuer}`,
    commerce: () =>
      (s.ucpVersion || s.acpVersion || (s.acpPaths ?? []).length > 0) &&
      [
        s.ucpVersion && `UCP ${s.ucpVersion}${(s.ucpServices ?? []).length ? ` (${s.ucpServices.join(', ')})` : ''}`,
        (s.acpPaths ?? []).length > 0 && `ACP ${s.acpVersion ?? ''} at ${s.acpPaths.join(', ')}`.replace('  ', ' '),
      ]
        .filter(Boolean)
        .join(' · '),
  };
  const fact = facts[name]?.();
  if (fact) return fact;
  // Errors and warnings are listed right below; the headline says something else when it can.
  const info = messages.find((m) => m.severity === 'info' && m.code !== 'PIPE-003');
  if (info) return info.message;
  return messages.some((m) => m.severity !== 'info') ? '' : 'No findings.';
}

function messageItem(m) {
  return el('li', { class: `sev-${m.severity}` }, [
    el('code', { text: m.code }),
    ' ',
    el('span', { class: 'sev-label', text: `${m.severity}:` }),
    ` ${m.message}`,
    m.location ? el('span', { class: 'location', text: ` (${m.location})` }) : null,
  ]);
}

function factsList(entries) {
  const dl = el('dl', { class: 'facts' });
  for (const [key, value] of entries)
    dl.append(el('div', { class: 'fact' }, [el('dt', { text: label(key) }), el('dd', { text: describe(value) })]));
  return dl;
}

function renderCard(name, title, result, extraBody = null, { showFacts = true } = {}) {
  const state = stateOf(result);
  const messages = Array.isArray(result?.messages) ? result.messages : [];
  const issues = messages.filter((m) => m.severity === 'error' || m.severity === 'warning');
  const counts = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  const visibleIssues =
    issues.length === 0
      ? null
      : el('ul', { class: 'issues', 'aria-label': `${title} issues` }, [
          ...issues.slice(0, 3).map(messageItem),
          issues.length > 3
            ? el('li', { class: 'more', text: `… and ${issues.length - 3} more in the details` })
            : null,
        ]);
  const summary = el('summary', {}, [
    el('span', { class: 'card-head' }, [
      el('span', { class: 'card-title', text: title }),
      el('span', { class: 'verdict', text: STATE_TEXT[state] ?? state }),
    ]),
    el('span', {
      class: 'detail',
      text:
        state === 'not_assessed' ? 'This version of the service does not assess this layer.' : headline(name, result),
    }),
    visibleIssues,
    el('span', { class: 'expand-hint', 'aria-hidden': 'true' }, [
      el('span', { class: 'show', text: `Show details (${counts})` }),
      el('span', { class: 'hide', text: 'Hide details' }),
    ]),
  ]);
  const summaryFacts = showFacts ? Object.entries(result?.summary ?? {}).filter(([k]) => k !== 'assessed') : [];
  const categories = Object.entries(result?.categories ?? {});
  const body = el('div', { class: 'card-body' }, [
    extraBody,
    summaryFacts.length ? el('h3', { text: 'Facts' }) : null,
    summaryFacts.length ? factsList(summaryFacts) : null,
    categories.length ? el('h3', { text: 'Checks' }) : null,
    categories.length
      ? el(
          'ul',
          { class: 'checks' },
          categories.map(([k, v]) =>
            el('li', { class: v ? 'yes' : 'no' }, [
              el('span', { class: 'mark', text: v ? '✓' : '✕', 'aria-label': v ? 'yes' : 'no' }),
              ` ${label(k)}`,
            ]),
          ),
        )
      : null,
    el('h3', { text: 'Messages' }),
    messages.length
      ? el('ul', { class: 'messages', 'aria-label': `${title} messages` }, messages.map(messageItem))
      : el('p', { text: 'No messages.' }),
  ]);
  return el(
    'details',
    {
      class: `card state-${state}`,
      'data-layer': name,
      'data-status': result?.status ?? 'not_detected',
      'data-state': state,
    },
    [summary, body],
  );
}

/** ` · checks 0.2.0`: the check registry version the answer was judged with. */
const checksNote = (answer) => (answer.checks ? ` · checks ${answer.checks.version}` : '');

function renderOverview(assessment) {
  const { grade, counts } = assessment;
  const explain = {
    A: 'no errors and no warnings',
    B: `no errors, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}`,
    C:
      `${counts.errors} ` +
      `error${counts.errors === 1 ? '' : 's'}` +
      `${counts.warnings ? `, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}` : ''}`,
  }[grade];
  const overview = $('overview');
  overview.replaceChildren(
    el('span', { class: `grade grade-${grade}`, 'aria-label': `Grade ${grade}`, text: grade }),
    el('span', { class: 'grade-text' }, [
      el('strong', { text: `Grade ${grade}: ${explain}.` }),
      el('span', {
        class: 'grade-rule',
        text:
          ' A = no errors or warnings, B = warnings only, C = at least one error. Layers not detected or not ' +
          'assessed do not count against the grade.',
      }),
      el('span', {
        class: 'target',
        text: `${assessment.url} · ${assessment.durationMs} ms${checksNote(assessment)}`,
      }),
    ]),
  );
}

function renderResults(cards, raw) {
  $('cards').replaceChildren(...cards);
  $('raw-json').textContent = JSON.stringify(raw, null, 2);
  $('results').hidden = false;
}

// --- validate ---
$('validate-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  clearOutput();
  let url = $('url').value.trim();
  if (url === '') {
    showError('Enter the URL of an agent endpoint.');
    $('url').focus();
    return;
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = `https://${url}`;
  const button = $('validate-button');
  button.disabled = true;
  $('status').textContent = `Assessing ${url}…`;
  try {
    const assessment = await callApi('/api/assess', { url });
    showAssessment(assessment, 'Verdicts');
    $('status').textContent = 'Assessment finished.';
    if (assessment.id) await showChanges(assessment);
  } catch (error) {
    $('status').textContent = '';
    showError(error.message);
  } finally {
    button.disabled = false;
  }
});

// --- one assessment: overview, kind, links to its stored copy, cards ---
function showAssessment(assessment, title) {
  $('results-title').textContent = title;
  $('legend').hidden = false;
  renderOverview(assessment);
  if (assessment.profile?.summary) {
    $('profile').replaceChildren(assessment.profile.summary);
    $('profile').dataset.kind = assessment.profile.kind;
    $('profile').hidden = false;
  }
  if (assessment.id) {
    const id = encodeURIComponent(assessment.id);
    $('permalink').href = `/r/${id}`;
    $('export-json').href = `/api/assessments/${id}?download`;
    $('export-markdown').href = `/api/assessments/${id}?format=markdown&download`;
    $('links').hidden = false;
  }
  renderResults(
    LAYERS.map(({ name, title: t }) => renderCard(name, t, assessment.layers?.[name])),
    assessment,
  );
}

const factText = (value) => (value === null || value === undefined ? '—' : describe(value));

/** What changed since the endpoint's previous stored assessment (GET /api/history, /api/diff). */
async function showChanges(assessment) {
  const history = await callApi(`/api/history?url=${encodeURIComponent(assessment.url)}&limit=2`);
  const previous = history.items?.find((item) => item.id !== assessment.id);
  if (!previous) return;
  const diff = await callApi(
    `/api/diff?from=${encodeURIComponent(previous.id)}&to=${encodeURIComponent(assessment.id)}`,
  );
  const items = [];
  if (diff.grade.changed)
    items.push(el('li', { 'data-change': 'grade', text: `Grade ${diff.grade.from} → ${diff.grade.to}` }));
  for (const l of diff.layers)
    items.push(el('li', { 'data-change': 'layer', text: `${l.layer}: ${l.from} → ${l.to}` }));
  for (const f of diff.findings.added)
    items.push(
      el('li', { 'data-change': 'added', class: `sev-${f.severity}` }, [
        el('code', { text: f.code }),
        ` new ${f.severity}: ${f.message}`,
      ]),
    );
  for (const f of diff.findings.removed)
    items.push(el('li', { 'data-change': 'removed' }, [el('code', { text: f.code }), ` gone: ${f.message}`]));
  for (const f of diff.facts)
    items.push(el('li', { 'data-change': 'fact', text: `${f.fact}: ${factText(f.from)} → ${factText(f.to)}` }));
  if (items.length === 0) items.push(el('li', { text: `Nothing changed since ${previous.startedAt}.` }));
  $('changes-title').textContent =
    `Changes since the previous assessment (${previous.startedAt}, grade ${previous.grade})`;
  $('changes-list').replaceChildren(...items);
  $('changes').hidden = false;
}

// --- links: /r/<id> shows a stored result, /?url=<endpoint> assesses it at once ---
async function openLink() {
  const stored = location.pathname.match(/^\/r\/([A-Za-z0-9_-]+)$/);
  if (stored) {
    $('status').textContent = 'Loading the stored result…';
    try {
      const item = await callApi(`/api/assessments/${encodeURIComponent(stored[1])}`);
      $('url').value = item.url;
      showAssessment(item.assessment, 'Stored result');
      $('status').textContent = `Stored result of ${item.startedAt}; not assessed again.`;
    } catch (error) {
      $('status').textContent = '';
      showError(error.message);
    }
    return;
  }
  const url = new URLSearchParams(location.search).get('url');
  if (url) {
    $('url').value = url;
    $('validate-form').requestSubmit();
  }
}
openLink();

// --- lookup ---
function lookupBody(result) {
  const endpoints = el(
    'ul',
    { class: 'endpoints' },
    (result.endpoints ?? []).map((e) =>
      el('li', {}, [
        el('strong', { text: e.name }),
        ' ',
        el('span', { class: 'value', text: e.endpoint }),
        e.domainVerified === true
          ? el('span', { class: 'badge ok', text: '✓ domain verified' })
          : e.domainVerified === false
            ? el('span', { class: 'badge bad', text: '✕ domain not verified' })
            : null,
      ]),
    ),
  );
  const chips = (items) =>
    items.length
      ? el(
          'ul',
          { class: 'chips' },
          items.map((t) => el('li', { text: t })),
        )
      : el('p', { class: 'muted', text: 'none' });
  const reputation = result.reputation;
  return el('div', { class: 'lookup' }, [
    el('h3', { text: 'Registration' }),
    factsList([
      ['name', result.summary?.agentName],
      ['owner', result.owner],
      ['chain', `${result.chain?.name} (${result.chain?.caip2})`],
      ['identityRegistry', result.registries?.identity],
      ['agentUri', result.summary?.agentUri],
      ['registrationUrl', result.registrationUrl],
      ['supportedTrust', result.summary?.supportedTrust],
      ['rpc', result.summary?.rpc],
    ]),
    el('h3', { text: `Endpoints (${(result.endpoints ?? []).length})` }),
    (result.endpoints ?? []).length ? endpoints : el('p', { class: 'muted', text: 'none' }),
    el('h3', { text: 'OASF skills' }),
    chips(result.oasf?.skills ?? []),
    el('h3', { text: 'OASF domains' }),
    chips(result.oasf?.domains ?? []),
    el('h3', { text: 'Reputation' }),
    el('p', {
      class: 'reputation',
      text:
        reputation === null
          ? 'The Reputation Registry could not be read.'
          : reputation.feedbackCount === 0
            ? 'No feedback yet.'
            : `Average ${reputation.averageValue} from ${reputation.feedbackCount} feedback by ` +
              `${reputation.clientCount} client${reputation.clientCount === 1 ? '' : 's'}.`,
    }),
  ]);
}

const CHAIN_KEY = 'toolkit-validator.chainId';
const savedChain = localStorage.getItem(CHAIN_KEY);
if (savedChain && [...$('chain').options].some((o) => o.value === savedChain)) $('chain').value = savedChain;
$('lookup-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  clearOutput();
  const agentId = $('agent-id').value.trim();
  if (!/^\d+$/.test(agentId)) {
    showError('The agent ID is a whole number, e.g. 42.');
    $('agent-id').focus();
    return;
  }
  const chainId = Number($('chain').value);
  localStorage.setItem(CHAIN_KEY, String(chainId));
  const rpc = $('rpc').value.trim();
  const chain = CHAINS.find((c) => c.id === chainId);
  const button = $('lookup-button');
  button.disabled = true;
  $('status').textContent = `Looking up agent ${agentId}…`;
  try {
    const result = await callApi('/api/lookup', {
      agentId,
      chainId,
      ...(rpc ? { rpcNodes: { [chain?.alias ?? String(chainId)]: rpc } } : {}),
    });
    $('results-title').textContent = 'Registry lookup';
    $('legend').hidden = true;
    $('overview').replaceChildren(
      el('span', {
        class: 'target',
        text:
          `Agent ${result.agentId} on ${result.chain?.name ?? chainId} · ${result.durationMs} ms · ` +
          `${result.rpcCalls} RPC calls in ${result.rpcRequests} requests`,
      }),
    );
    const card = renderCard(
      'erc8004',
      `ERC-8004 agent ${result.agentId}${result.summary?.agentName ? ` — ${result.summary.agentName}` : ''}`,
      result,
      lookupBody(result),
      { showFacts: false },
    );
    card.open = true;
    renderResults([card], result);
    $('status').textContent = 'Lookup finished.';
  } catch (error) {
    $('status').textContent = '';
    showError(error.message);
  } finally {
    button.disabled = false;
  }
});
