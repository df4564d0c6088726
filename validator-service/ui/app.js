// Validator UI: calls the same JSON API as scripts (/api/assess, /api/lookup), renders one card per
// layer, and never inserts response text as HTML (textContent only), since it comes from the endpoint
// under test.
const LAYERS = JSON.parse(document.body.dataset.layers || '[]');
const VERDICT_TEXT = { pass: '✓ Pass', fail: '✕ Issues', not_detected: '– Not detected' };

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, children = []) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
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
}
function showError(text) {
  $('error').textContent = text;
  $('error').hidden = false;
}

async function callApi(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { /* not JSON */ }
  if (!response.ok) {
    const message = data?.error?.message ?? `The service answered ${response.status}.`;
    const hint = response.status === 401 ? ' Reload the page to start a new session.' : '';
    throw new Error(message + hint);
  }
  return data;
}

function describe(value) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(describe).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function renderCard(name, title, result) {
  const status = result?.status ?? 'not_detected';
  const messages = Array.isArray(result?.messages) ? result.messages : [];
  const summaryEntries = Object.entries(result?.summary ?? {});
  const first = messages.find((m) => m.severity === 'error') ?? messages[0];
  const heading = el('span', {}, [el('span', { class: 'card-title', text: title }), el('span', { class: 'detail', text: first ? first.message : '' })]);
  const summary = el('summary', {}, [heading, el('span', { class: 'verdict', text: VERDICT_TEXT[status] ?? status })]);
  const facts = el('dl');
  for (const [key, value] of summaryEntries) facts.append(el('dt', { text: key }), el('dd', { text: describe(value) }));
  const categories = Object.entries(result?.categories ?? {});
  for (const [key, value] of categories) facts.append(el('dt', { text: key }), el('dd', { text: value ? 'yes' : 'no' }));
  const list = el('ul', { class: 'messages', 'aria-label': `${title} messages` });
  for (const m of messages) {
    list.append(el('li', { class: `sev-${m.severity}` }, [el('code', { text: m.code }), ` ${m.severity}: ${m.message}`, m.location ? ` (${m.location})` : '']));
  }
  const body = el('div', { class: 'card-body' }, [facts, messages.length ? list : el('p', { text: 'No messages.' })]);
  return el('details', { class: `card verdict-${status}`, 'data-layer': name, 'data-status': status }, [summary, body]);
}

function renderResults(title, layers, raw) {
  const cards = $('cards');
  cards.replaceChildren(...layers.map(({ name, title: t, result }) => renderCard(name, t, result)));
  $('overview').textContent = title;
  $('raw-json').textContent = JSON.stringify(raw, null, 2);
  $('results').hidden = false;
}

// --- validate ---
$('validate-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  clearOutput();
  let url = $('url').value.trim();
  if (url === '') { showError('Enter the URL of an agent endpoint.'); $('url').focus(); return; }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = `https://${url}`;
  const button = $('validate-button');
  button.disabled = true;
  $('status').textContent = `Assessing ${url}…`;
  try {
    const assessment = await callApi('/api/assess', { url });
    const layers = LAYERS.map(({ name, title }) => ({ name, title, result: assessment.layers?.[name] }));
    renderResults(`${assessment.url} — grade ${assessment.grade}, ${assessment.durationMs} ms`, layers, assessment);
    $('status').textContent = 'Assessment finished.';
  } catch (error) {
    $('status').textContent = '';
    showError(error.message);
  } finally {
    button.disabled = false;
  }
});

// --- lookup ---
const CHAIN_KEY = 'toolkit-validator.chainId';
const savedChain = localStorage.getItem(CHAIN_KEY);
if (savedChain && [...$('chain').options].some((o) => o.value === savedChain)) $('chain').value = savedChain;
$('lookup-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  clearOutput();
  const agentId = $('agent-id').value.trim();
  if (!/^\d+$/.test(agentId)) { showError('The agent ID is a whole number, e.g. 42.'); $('agent-id').focus(); return; }
  const chainId = Number($('chain').value);
  localStorage.setItem(CHAIN_KEY, String(chainId));
  const button = $('lookup-button');
  button.disabled = true;
  $('status').textContent = `Looking up agent ${agentId}…`;
  try {
    const result = await callApi('/api/lookup', { agentId, chainId });
    renderResults(`Agent ${agentId} on chain ${chainId}`, [{ name: 'erc8004', title: 'ERC-8004', result }], result);
    $('status').textContent = 'Lookup finished.';
  } catch (error) {
    $('status').textContent = '';
    showError(error.message);
  } finally {
    button.disabled = false;
  }
});
