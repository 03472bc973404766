// handout's JSON Schemas in the YAML language server that VS Code (Red Hat's
// YAML extension), Neovim and Emacs run, so that what a teacher sees in the
// editor is tested, not only what a Python validator says: no false error on
// a good worksheet (shipped, test data, every `handout new` starter, reached
// through its modeline), the mistakes underlined on the right lines, and the
// question types offered as completions.
// yaml-language-server comes from tests/editors/package-lock.json
// (`npm ci --prefix tests/editors`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
let languageServer, TextDocument;
try {
  languageServer = require('yaml-language-server');
  ({ TextDocument } = require('vscode-languageserver-textdocument'));
} catch {
  throw new Error('yaml-language-server is not installed: run `npm ci --prefix tests/editors` (./run-tests does)');
}

const source = process.env.HANDOUT_SOURCE_DIR;
const binary = process.env.HANDOUT_BINARY;
assert.ok(source && binary, 'set HANDOUT_SOURCE_DIR and HANDOUT_BINARY');

const schemaUri = (kind) => pathToFileURL(path.join(source, 'schema', `${kind}.schema.json`)).href;
const service = languageServer.getLanguageService({
  schemaRequestService: (uri) => Promise.resolve(fs.readFileSync(fileURLToPath(uri), 'utf8')),
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  clientCapabilities: {},
  telemetry: { send() {}, sendError() {}, sendTrack() {} },
});
// As a folder's settings would: worksheets and styles by where they are.
service.configure({
  validate: true, completion: true, hover: true, yamlVersion: '1.2',
  schemas: [{ uri: schemaUri('worksheet'), fileMatch: ['**/worksheet/*.yaml'] },
            { uri: schemaUri('style'), fileMatch: ['**/style/*.yaml'] }],
});

let version = 0;
function document(kind, file, text) {
  return TextDocument.create(`file:///editor/${kind}/${path.basename(file)}`, 'yaml', ++version, text);
}

/** The language server's diagnostics of a file, as "line: message". */
async function diagnostics(kind, file, text = fs.readFileSync(file, 'utf8')) {
  const found = await service.doValidation(document(kind, file, text), false);
  return found.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

const yamlIn = (folder) => fs.readdirSync(path.join(source, folder)).filter((f) => f.endsWith('.yaml'))
  .map((f) => path.join(source, folder, f));

test('shipped and test worksheets and page styles show no error', async () => {
  for (const file of [...yamlIn('worksheets'), ...yamlIn('tests/data/lang'), ...yamlIn('tests/data/convert')])
    assert.deepEqual(await diagnostics('worksheet', file), [], file);
  for (const file of yamlIn('templates')) assert.deepEqual(await diagnostics('style', file), [], file);
});

test('every starter of handout new shows no error, through its modeline', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'handout-editors-'));
  try {
    for (const type of ['', 'choice', 'truefalse', 'multi', 'short', 'fill', 'match', 'order', 'numeric']) {
      const file = path.join(folder, `starter${type}.yaml`);
      execFileSync(binary, ['new', '-o', file, ...(type ? ['--type', type] : [])]);
      const text = fs.readFileSync(file, 'utf8');
      assert.match(text, /^# yaml-language-server: \$schema=\//);
      // Opened where no folder setting applies: only the modeline names the schema.
      const found = await service.doValidation(
        TextDocument.create(pathToFileURL(file).href, 'yaml', ++version, text), false);
      assert.deepEqual(found.map((d) => d.message), [], file);
      const broken = text.replace('  - prompt:', '  - promt:').replace('    prompt:', '    promt:');
      const underlined = await service.doValidation(
        TextDocument.create(pathToFileURL(file).href, 'yaml', ++version, broken), false);
      assert.ok(underlined.some((d) => /promt/.test(d.message)), `${file}: ${underlined.map((d) => d.message)}`);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('mistakes are underlined on their lines', async () => {
  const bad = (name) => path.join(source, 'tests/data/bad', name);
  assert.deepEqual(await diagnostics('worksheet', bad('key-of-another-type.yaml')),
                   ['10: Property options is not allowed.', '14: Property answers is not allowed.']);
  const lines = (found) => found.map((d) => Number(d.split(':')[0]));
  assert.deepEqual(lines(await diagnostics('worksheet', bad('real-truefalse-words.yaml'))), [11, 14, 17, 20]);
  const top = await diagnostics('worksheet', bad('unknown-top-key.yaml'));
  assert.ok(top.includes('6: Property titel is not allowed.'), top.join('\n'));
  assert.ok(top.includes('5: Missing property "title".'), top.join('\n'));
  const style = await diagnostics('style', path.join(source, 'tests/data/bad-templates/unknown-page.yaml'));
  assert.equal(style.length, 1, style.join('\n'));
});

test('question types are offered as completions and keys explained on hover', async () => {
  const text = 'id: quiz\ntitle: Quiz\nquestions:\n  - type: \n    prompt: Why?\n';
  const doc = document('worksheet', 'quiz.yaml', text);
  const completion = await service.doComplete(doc, { line: 3, character: 10 }, false);
  const offered = completion.items.map((i) => i.label).sort();
  assert.deepEqual(offered, ['choice', 'fill', 'match', 'multi', 'numeric', 'order', 'short', 'truefalse']);
  const hover = await service.doHover(doc, { line: 4, character: 6 });
  assert.match(JSON.stringify(hover.contents), /The question itself/);
});
