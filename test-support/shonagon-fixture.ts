import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Real Japanese prose for the Shonagon tests: openings of public-domain works (Aozora Bunko) and,
 * for volume, Debian's manpages-ja (apt-get install manpages-ja).
 */
export const fixtureTexts = [
  {
    title: '吾輩は猫である',
    author: '夏目漱石',
    media: '小説',
    pubYear: 1905,
    text:
      '吾輩は猫である。名前はまだ無い。\n' +
      'どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。' +
      '吾輩はここで始めて人間というものを見た。しかもあとで聞くとそれは書生という人間中で一番獰悪な種族であったそうだ。' +
      'この書生というのは時々我々を捕えて煮て食うという話である。しかしその当時は何という考もなかったから別段恐しいとも思わなかった。' +
      'ただ彼の掌に載せられてスーと持ち上げられた時何だかフワフワした感じがあったばかりである。',
  },
  {
    title: '羅生門',
    author: '芥川龍之介',
    media: '小説',
    pubYear: 1915,
    text:
      'ある日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。\n' +
      '広い門の下には、この男のほかに誰もいない。ただ、所々丹塗の剥げた、大きな円柱に、蟋蟀が一匹とまっている。' +
      '羅生門が、朱雀大路にある以上は、この男のほかにも、雨やみをする市女笠や揉烏帽子が、もう二三人はありそうなものである。' +
      'それが、この男のほかには誰もいない。',
  },
  {
    title: '注文の多い料理店',
    author: '宮沢賢治',
    media: '童話',
    pubYear: 1924,
    text:
      '二人の若い紳士が、すっかりイギリスの兵隊のかたちをして、ぴかぴかする鉄砲をかついで、白熊のような犬を二疋つれて、だいぶ山奥の、木の葉のかさかさしたとこを、こんなことを云いながら、あるいておりました。' +
      '「ぜんたい、ここらの山は怪しからんね。鳥も獣も一疋も居やがらん。なんでも構わないから、早くタンタアーンと、やって見たいもんだなあ。」' +
      '「鹿の黄いろな横っ腹なんぞに、二三発お見舞もうしたら、ずいぶん痛快だろうねえ。くるくるまわって、それからどたっと倒れるだろうねえ。」',
  },
] as const;

/** A subtitle file (SubRip) with cue times, as a learner's anime or drama subtitles would be. */
export const fixtureSrt = `1
00:00:01,000 --> 00:00:03,500
吾輩は猫である。

2
00:00:04,000 --> 00:00:06,200
名前はまだ無い。

3
00:00:07,000 --> 00:00:10,000
どこで生れたかとんと見当がつかぬ。
`;

/** Plain text of a Japanese manual page (groff requests and escapes removed), or null without manpages-ja. */
export function manpageText(section: string, name: string): string | null {
  const file = `/usr/share/man/ja/${section}/${name}.gz`;
  if (!fs.existsSync(file)) return null;
  const source = execFileSync('zcat', [file], { encoding: 'utf8' });
  return source
    .split('\n')
    .filter((line) => !line.startsWith('.') && !line.startsWith("'"))
    .map((line) => line.replace(/\\f[BIRP]|\\f\(..|\\[,/&]|\\-|\\\(..|\\e/g, '').trim())
    .filter(Boolean)
    .join('\n');
}

/** Several manual pages' text, enough for thousands of hits of a common word. */
export function manpagesCorpus(maxBytes = 400_000): string | null {
  const dir = '/usr/share/man/ja/man1';
  if (!fs.existsSync(dir)) return null;
  let out = '';
  for (const name of fs.readdirSync(dir).sort()) {
    const text = manpageText('man1', name.replace(/\.gz$/, ''));
    if (text) out += text + '\n';
    if (Buffer.byteLength(out) > maxBytes) break;
  }
  return out || null;
}
