import { launchBrowser, serveSite, openPage } from '/work/wt-webscreens/test/e2e/webHarness.ts';
const site = await serveSite();
const b = await launchBrowser();
for (const [w,h,m] of [[1280,800,false],[1366,657,false],[390,844,true]] as const) {
  const { context, page } = await openPage(b, { viewport: { width: w, height: h }, mobile: m });
  await page.goto(site.url);
  await page.locator('[data-testid=daily] button, [data-testid=daily] a').first().waitFor({timeout:5000}).catch(()=>{});
  await page.waitForTimeout(500);
  const boxes = await page.$$eval('.card-2048 .btn, .card-puzzle .btn, .card-daily, .cards, .card', els => els.slice(0,8).map(e => { const r = e.getBoundingClientRect(); return `${e.className}|${e.textContent?.slice(0,20)} y=${Math.round(r.top)}-${Math.round(r.bottom)} x=${Math.round(r.left)} w=${Math.round(r.width)}`; }));
  console.log(w, h, boxes.join('\n  '));
  await page.screenshot({ path: `/tmp/home-${w}.png` });
  await context.close();
}
await b.close(); await site.close();
