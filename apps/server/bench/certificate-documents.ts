// Certificate documents written from a template (docs/company-tools.md): a delivery writes up to 1,000 in
// one request, so the figure to watch is milliseconds per document, Latin text (standard PDF fonts) and CJK
// text (an embedded font).
import { DEFAULT_CERTIFICATE_TEMPLATE, fillTemplate, sampleTemplateValues } from '@fleet/contract';
import { certificatePdf } from '../src/modules/certificates/templates.ts';

const COUNT = 200;
const latin = fillTemplate(DEFAULT_CERTIFICATE_TEMPLATE, sampleTemplateValues('*'));
const cjk = fillTemplate(DEFAULT_CERTIFICATE_TEMPLATE, {
  ...sampleTemplateValues('*'),
  companyName: '华夏汽车服务有限公司',
});

for (const [name, text] of [
  ['Latin', latin],
  ['CJK', cjk],
] as const) {
  await certificatePdf(text);
  const start = performance.now();
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) bytes += (await certificatePdf(text)).length;
  const ms = (performance.now() - start) / COUNT;
  console.log(
    `certificate documents, ${name}: ${ms.toFixed(2)} ms each, ${Math.round(bytes / COUNT / 1024)} KiB each; 1,000 in ${((ms * 1000) / 1000).toFixed(1)} s`,
  );
}
