/**
 * Address choices (accounts spec §3): the 47 prefectures of Japan and 30 overseas countries, each
 * shown as the Japanese name with the English in parentheses. The label is also the stored value.
 */
const PREFECTURES: ReadonlyArray<readonly [ja: string, en: string]> = [
  ['北海道', 'Hokkaido'], ['青森県', 'Aomori'], ['岩手県', 'Iwate'], ['宮城県', 'Miyagi'], ['秋田県', 'Akita'],
  ['山形県', 'Yamagata'], ['福島県', 'Fukushima'], ['茨城県', 'Ibaraki'], ['栃木県', 'Tochigi'], ['群馬県', 'Gunma'],
  ['埼玉県', 'Saitama'], ['千葉県', 'Chiba'], ['東京都', 'Tokyo'], ['神奈川県', 'Kanagawa'], ['新潟県', 'Niigata'],
  ['富山県', 'Toyama'], ['石川県', 'Ishikawa'], ['福井県', 'Fukui'], ['山梨県', 'Yamanashi'], ['長野県', 'Nagano'],
  ['岐阜県', 'Gifu'], ['静岡県', 'Shizuoka'], ['愛知県', 'Aichi'], ['三重県', 'Mie'], ['滋賀県', 'Shiga'],
  ['京都府', 'Kyoto'], ['大阪府', 'Osaka'], ['兵庫県', 'Hyogo'], ['奈良県', 'Nara'], ['和歌山県', 'Wakayama'],
  ['鳥取県', 'Tottori'], ['島根県', 'Shimane'], ['岡山県', 'Okayama'], ['広島県', 'Hiroshima'], ['山口県', 'Yamaguchi'],
  ['徳島県', 'Tokushima'], ['香川県', 'Kagawa'], ['愛媛県', 'Ehime'], ['高知県', 'Kochi'], ['福岡県', 'Fukuoka'],
  ['佐賀県', 'Saga'], ['長崎県', 'Nagasaki'], ['熊本県', 'Kumamoto'], ['大分県', 'Oita'], ['宮崎県', 'Miyazaki'],
  ['鹿児島県', 'Kagoshima'], ['沖縄県', 'Okinawa'],
];

const COUNTRIES: ReadonlyArray<readonly [ja: string, en: string]> = [
  ['アメリカ合衆国', 'United States'], ['イギリス', 'United Kingdom'], ['カナダ', 'Canada'], ['オーストラリア', 'Australia'],
  ['ニュージーランド', 'New Zealand'], ['中国', 'China'], ['韓国', 'South Korea'], ['台湾', 'Taiwan'], ['香港', 'Hong Kong'],
  ['シンガポール', 'Singapore'], ['タイ', 'Thailand'], ['マレーシア', 'Malaysia'], ['インドネシア', 'Indonesia'],
  ['フィリピン', 'Philippines'], ['ベトナム', 'Vietnam'], ['インド', 'India'], ['アラブ首長国連邦', 'United Arab Emirates'],
  ['ドイツ', 'Germany'], ['フランス', 'France'], ['イタリア', 'Italy'], ['スペイン', 'Spain'], ['オランダ', 'Netherlands'],
  ['スイス', 'Switzerland'], ['スウェーデン', 'Sweden'], ['ノルウェー', 'Norway'], ['デンマーク', 'Denmark'],
  ['ブラジル', 'Brazil'], ['メキシコ', 'Mexico'], ['南アフリカ', 'South Africa'], ['その他の国', 'Other country'],
];

const label = ([ja, en]: readonly [string, string]) => `${ja} (${en})`;

export const PREFECTURE_OPTIONS: readonly string[] = PREFECTURES.map(label);
export const COUNTRY_OPTIONS: readonly string[] = COUNTRIES.map(label);
export const ADDRESS_OPTIONS: ReadonlySet<string> = new Set([...PREFECTURE_OPTIONS, ...COUNTRY_OPTIONS]);
