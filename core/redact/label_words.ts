/**
 * The words of secret-bearing labels in the languages people write notes in, for `labels.ts`:
 * password, key and token words (with the endings inflected languages glue on), the Chinese,
 * Japanese and Korean ones, and the letters of the scripts labels are written in.
 *
 * @module
 */

/** Password, key and token in other languages (a label in any of them is a `password` label). */
export const FOREIGN_PASSWORD =
  "senha|contrase[ñn]a|clave|mot[ ]de[ ]passe|mdp|has[łl]o|пароль|[şs]ifre(?:si)?|parola|" +
  "m[ậa]t[ ]kh[ẩa]u|l[öo]senord(?:et)?|wachtwoord|kata[ ]sandi|sandi|salasana|adgangskode|" +
  "passord|heslo|jelsz[óo]|lozink[aeiu]|kennwort|passwort|passw[öo]rter|κωδικός|συνθηματικό|पासवर्ड|कूटशब्द|" +
  "كلمة[ ]المرور|كلمة[ ]السر|ה?סיסמה|ה?סיסמא|гасло|parol|lykilorð|" +
  // Persian, Urdu, Bengali, Tamil, Malay, Slovenian, Bulgarian, Lithuanian, Estonian, Catalan,
  // Afrikaans, Swahili, Georgian, Armenian.
  "رمز[ ]عبور|گذرواژه|پاس[ ]ورڈ|পাসওয়ার্ড|கடவுச்சொல்|kata[ ]laluan|geslo|парола(?:та)?|" +
  "slaptažodis|parool|contrasenya|wagwoord|nenosiri|პაროლი|գաղտնաբառ|" +
  // Estonian, Icelandic, Welsh, Irish, Basque, Galician, Albanian, Macedonian,
  // Serbian (Cyrillic), Kazakh, Azerbaijani, Uzbek, Mongolian, Filipino, Amharic, Nepali.
  "salas[õo]na|lykilor[ðd]|cyfrinair|pasfhocal|pasahitza|contrasinal|fjal[ëe]kalim|" +
  "лозинка|құпия[ ]сөз|[şs]ifr[əe]|parol|нууц[ ]үг|kontrase[ñn]a|የይለፍ[ ]ቃል|पासवर्ड";
export const FOREIGN_SECRET = "(?:api[- ])?(?:" +
  "chave|cl[ée]|schl[üu]ssel|chiave|sleutel|klucz|ключ|токен|секрет|anahtar[ıi]?|nyckel(?:n)?|" +
  "kunci|token(?:et|u)?|secreto|segredo|segreto|sekret|geheimnis|jeton|gettone|llave|n[øo]gle|" +
  "avain|kl[íi][čc]|kulcs|clau|lykill|raktas|atslēga|võti|ključ|kljuc)";
/** A foreign secret word that the English name pattern reads first (it holds "secret"). */
export const FOREIGN_SECRET_WORD = new RegExp(`^${FOREIGN_SECRET}$`, "i");
/** Chinese, Japanese and Korean labels: no spaces around them. */
export const CJK_PASSWORD = "密码|密碼|口令|パスワード|暗証番号|비밀번호|암호|รหัสผ่าน";
export const CJK_SECRET = "密钥|密鑰|秘钥|令牌|キー|トークン|シークレット|키|토큰";

/** Letters and digits of the scripts labels are written in (a class without `u`, which is slower). */
export const LETTER = String
  .raw`\w\u00C0-\u02FF\u0370-\u1FFF\u2C00-\u2DFF\u3040-\u9FFF\uAC00-\uD7AF`;

/**
 * The endings a word for a password or a key takes in the languages that inflect it, so a
 * label is found in any of its forms: definite articles glued on (Scandinavian `passordet`,
 * `adgangskoden`, Icelandic `lykillinn`, Bulgarian `паролата`), case endings (Slavic `hesla`,
 * `lozinku`, `ключа`, Baltic `slaptažodžio`), possessives (Finnish `salasanasi`, Turkish `şifren`,
 * Indonesian `sandinya`). Only after a stem of five letters or more, so short words stay whole.
 */
export const INFLECTED =
  String.raw`(?:(?<=[${LETTER}]{5})(?:en|et|na|ne|an|ið|inn|in|nn|nya|si|mu|ta|то|та|` +
  String.raw`ът|ят|а|у|е|и|я|ю|ом|ем|ой|ою|om|em|ou|ą|ę|a|u|y|i|n|t))?`;
