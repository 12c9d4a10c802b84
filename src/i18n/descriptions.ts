import type { UiKey } from './ui-keys';

/**
 * One line of context per UI string, for translators: where the string appears and what its
 * variables and `<0>…</0>` link tags hold. Plural keys are described once, without the suffix.
 */
export const descriptions: Record<UiKey, string> = {
  'site.skipLink': 'First link on every page, visible on keyboard focus; jumps past the header.',
  'site.titleTemplate':
    'Browser tab title of inner pages. {{page}} is the page title, {{site}} the publication name.',
  'nav.main': 'Accessible name of the main navigation in the header (read by screen readers).',
  'nav.footer': 'Accessible name of the footer navigation holding the RSS link and languages.',
  'languagePicker.label': 'Heading/label of the list of languages in the header.',
  'languagePicker.current':
    'Screen-reader suffix after the name of the language the page is shown in.',
  'languagePicker.unavailable':
    'Suffix after a language in which this document does not exist; the link leads to that language’s home page.',
  'languagePicker.fallback':
    'Suffix after a language in which this article is not translated; the link opens the English text on that language’s site.',
  'home.featured': 'Heading above the one featured (newest) article on the home page.',
  'home.latest': 'Heading above the list of recent articles on the home page.',
  'home.categories': 'Heading above the list of categories on the home page.',
  'home.allArticles': 'Link under the recent articles to the full, paginated article list.',
  'home.alsoInDefault':
    'Heading above articles not yet translated into this language, shown in English (home page, lists).',
  'articleList.title': 'Heading and tab title of the first page of the article list.',
  'articleList.pageTitle':
    'Heading of later pages of the article list. {{page}} is this page number, {{total}} the number of pages.',
  'articleList.empty':
    'Shown instead of the article list when nothing is published in this language.',
  'articleList.count':
    'Number of articles on a list, category or author page. Plural by {{count}}; forms without the number are fine.',
  'pagination.label': 'Accessible name of the navigation between pages of a list.',
  'pagination.previous': 'Link to the previous page of a list.',
  'pagination.next': 'Link to the next page of a list.',
  'pagination.page':
    'Accessible name of a numbered link to one page of a list. {{page}} is the number.',
  'pagination.pageTitle':
    'Heading and tab title of later pages of a category’s or author’s article list. {{title}} is the category’s name or the author’s, {{page}} this page number, {{total}} the number of pages.',
  'article.byline':
    'Under an article title. <0>{{author}}</0> becomes a link to the author’s page.',
  'article.published': 'Publication date of an article; {{date}} is already a formatted date.',
  'article.updated':
    'Date of the last revision of an article; {{date}} is already a formatted date.',
  'article.related':
    'Heading above up to three articles of the same category at the end of an article.',
  'article.categories': 'Label before the list of an article’s categories.',
  'article.readingTime':
    'Estimated reading time of an article in minutes. Plural by {{count}}; forms without the number are fine.',
  'article.fallbackNotice':
    'Notice on an article shown in English because it has no translation into this language yet. <0>…</0> links to the English page.',
  'article.aboutAuthor': 'Heading of the author’s short biography at the end of an article.',
  'articleCard.fallbackBadge':
    'Badge on an article teaser whose text is English because it has not been translated into this language.',
  'category.empty': 'Shown on a category page that has no articles in this language.',
  'author.articles':
    'Heading of the article list on an author’s page. {{author}} is the author’s name.',
  'author.empty': 'Shown on an author’s page without articles. {{author}} is the author’s name.',
  'search.title': 'Heading and tab title of the search page.',
  'search.intro': 'One sentence under the search heading; search covers only this language.',
  'search.label':
    'Name of the search box for assistive technology (not shown); what the box searches.',
  'search.placeholder': 'Short hint inside the empty search box; a verb or noun like “Search”.',
  'search.unavailable':
    'Shown under the search box when the search could not be loaded (offline); the typed text stays.',
  'search.noscript':
    'Shown when JavaScript is off, since search needs it. <0>…</0> links to the article list.',
  'notFound.title': 'Heading and tab title of the “page not found” (404) page.',
  'notFound.body': 'Explanation on the 404 page, followed by the links to go on from there.',
  'notFound.home': 'Link on the 404 page to this language’s home page.',
  'notFound.search': 'Link on the 404 page to this language’s search page.',
  'footer.rss': 'Footer link to this language’s RSS feed.',
  'root.continue': 'Link on the language chooser that opens this language’s home page.',
  'comments.heading': 'Heading of the comment section under an article.',
  'comments.loading': 'Shown while the comments load.',
  'comments.noscript': 'Shown to browsers without JavaScript in place of the comments.',
  'comments.empty': 'Shown when an article has no comments (in the chosen languages).',
  'comments.loadMore': 'Button under the comments that loads the next 50.',
  'comments.loadFailed': 'Shown when the comments could not be loaded; a retry button follows.',
  'comments.retry': 'Button that tries loading the comments again.',
  'comments.order.label': 'Label of the choice of comment order.',
  'comments.order.newest': 'Comment order option.',
  'comments.order.oldest': 'Comment order option.',
  'comments.filter.label': 'Label of the choice of comment languages.',
  'comments.filter.all': 'Language filter option: comments in every language.',
  'comments.filter.page':
    'Language filter option: only comments in the page language. {{language}} is its name.',
  'comments.readingNow': 'How many people have this article open right now. {{count}} is a number.',
  'comments.live.new':
    'Announced to screen readers when comments by others arrive live. {{count}} is a number.',
  'comments.live.reconnecting': 'Shown while the live connection is down and being restored.',
  'comments.form.label': 'Label of the box for a new comment.',
  'comments.form.replyLabel':
    'Label of the box for a reply. {{author}} is the name of the person replied to.',
  'comments.form.editLabel': 'Label of the box when editing one’s own comment.',
  'comments.form.submit': 'Button that posts a new comment.',
  'comments.form.reply': 'Button that posts a reply.',
  'comments.form.save': 'Button that saves an edited comment.',
  'comments.form.cancel': 'Button that closes a reply or edit box (the draft is kept).',
  'comments.form.retry': 'Button that sends a comment again after it failed; the text is kept.',
  'comments.form.sending': 'Button text while a comment is being sent.',
  'comments.form.remaining':
    'Characters left in the comment box. {{count}} is a number (negative when too long).',
  'comments.signInPrompt': 'Shown to signed-out readers in place of the comment box.',
  'comments.signIn': 'Button that opens the header’s sign-in dialog.',
  'comments.actions.reply': 'Button under a comment that opens a reply box.',
  'comments.actions.edit': 'Button under one’s own comment.',
  'comments.actions.delete': 'Button under one’s own comment.',
  'comments.actions.deleteConfirm': 'Asks before deleting one’s own comment.',
  'comments.actions.report': 'Button under someone else’s comment that opens the report form.',
  'comments.actions.hide': 'Moderators only: hides a comment from everyone.',
  'comments.actions.restore': 'Moderators only: makes a hidden comment visible again.',
  'comments.withdrawn': 'Stands in for a comment its author deleted (its replies stay).',
  'comments.hiddenNotice': 'On a hidden comment, seen only by its author and moderators.',
  'comments.edited': 'Marks a comment that was changed after posting.',
  'comments.writtenIn': 'Language tag of a comment. {{language}} is the language name.',
  'comments.replies': 'Accessible name of the list of replies to a comment by {{author}}.',
  'comments.deletedAuthor': 'Author name shown on a deleted comment.',
  'comments.report.title': 'Heading of the form for reporting a comment.',
  'comments.report.reason': 'Label of the choice of report reasons.',
  'comments.report.spam': 'Report reason.',
  'comments.report.abuse': 'Report reason.',
  'comments.report.off_topic': 'Report reason.',
  'comments.report.other': 'Report reason.',
  'comments.report.note': 'Label of the optional note in the report form (at most 500 characters).',
  'comments.report.submit': 'Button that sends a report.',
  'comments.report.sent': 'Confirmation after a report was sent.',
  'comments.error.rateLimited':
    'Comment refused by the rate limit. {{when}} is a relative time such as “in 1 minute”.',
  'comments.error.suspended':
    'Commenting is suspended. {{until}} is a date and time, {{when}} a relative time such as “in 3 days”.',
  'reactions.label': 'Accessible name of the group of reaction buttons.',
  'reactions.like': 'Reaction button; the count follows.',
  'reactions.insightful': 'Reaction button; the count follows.',
  'reactions.funny': 'Reaction button; the count follows.',
  'bookmark.toggle': 'Toggle button that bookmarks the article (pressed when bookmarked).',
  'moderation.title': 'Heading and tab title of the moderation page.',
  'moderation.description': 'Meta description of the moderation page.',
  'moderation.loading': 'Shown while the page checks the member’s role.',
  'moderation.noscript': 'Shown without JavaScript.',
  'moderation.signedOut': 'Shown to signed-out visitors.',
  'moderation.notModerator': 'Shown to members who are not moderators.',
  'moderation.reports': 'Heading of the list of open reports.',
  'moderation.noReports': 'Shown when no report is open.',
  'moderation.reportReason': 'Reason of a report. {{reason}} is one of the report reasons.',
  'moderation.reportCount': 'How many open reports a comment has. {{count}} is a number.',
  'moderation.byAuthor':
    'Author of a comment in the moderation lists. {{author}} is a display name.',
  'moderation.onArticle': 'Link to the article a comment belongs to.',
  'moderation.resolve': 'Upholds a report: hides the comment and closes its reports.',
  'moderation.dismiss': 'Rejects a report: the comment stays.',
  'moderation.hidden': 'Heading of the list of hidden comments.',
  'moderation.noHidden': 'Shown when no comment is hidden.',
  'moderation.restore': 'Makes a hidden comment visible again.',
  'moderation.suspend': 'Suspends the comment author’s commenting for the chosen time.',
  'moderation.suspendFor': 'Label of the choice of suspension length.',
  'moderation.suspended':
    'Confirmation after a suspension. {{author}} is a name, {{until}} a date and time.',
  'moderation.done': 'Announced after a moderation action succeeded.',
  'moderation.roles': 'Heading of the admins’ section about the moderator role.',
  'moderation.memberSearch': 'Label of the search for members by name (admins only).',
  'moderation.search': 'Button that runs the member search.',
  'moderation.noMembers': 'Shown when the member search finds nobody.',
  'moderation.role.member': 'Role name.',
  'moderation.role.moderator': 'Role name.',
  'moderation.role.admin': 'Role name.',
  'moderation.grant': 'Admins only: gives a member the moderator role.',
  'moderation.revoke': 'Admins only: takes the moderator role away.',
  'moderation.secondFactor.none':
    'Moderation page, staff member without a second factor: what to do.',
  'moderation.secondFactor.link':
    "Link from the moderation page to the account page's Security section.",
  'account.title': 'Heading and tab title of the account page (/{l}/account/).',
  'account.description': 'Meta description of the account page.',
  'account.noscript': 'Shown on the account page when JavaScript is off.',
  'account.loading': 'Shown while the account page loads the member’s session and profile.',
  'account.nav.label':
    'Accessible name of the short list of links to the account page’s sections (beside them on a wide window, above them on a phone).',
  'account.signedOut':
    'Account page, signed out: what signing in allows here; the Sign in button follows it.',
  'account.deleted': 'Shown on the account page right after the member deleted their account.',
  'account.saved': 'Confirmation after a change on the account page was saved.',
  'account.profile.heading': 'Heading of the section with the member’s name, picture and language.',
  'account.displayName': 'Label of the display name field.',
  'account.displayNameHint': 'Hint under the display name field (PRODUCT.md: 1–40 characters).',
  'account.profile.save': 'Button that saves the display name.',
  'account.language':
    'Label of the preferred language menu (each option is a language’s own name).',
  'account.languageHint': 'Hint under the preferred language menu: where the choice takes effect.',
  'account.language.save': 'Button that saves the preferred language (then opens the page in it).',
  'account.avatar.heading': 'Heading of the profile picture part of the account page.',
  'account.avatar.choose': 'Label of the file field for a new profile picture.',
  'account.avatar.hint': 'Hint under the picture field (PRODUCT.md: PNG, JPEG or WebP, ≤ 2 MB).',
  'account.avatar.preview':
    'Alternative text of the preview of a chosen, not yet uploaded picture.',
  'account.avatar.current': 'Alternative text of the member’s current profile picture.',
  'account.avatar.none': 'Shown instead of the picture when the member has none.',
  'account.avatar.upload':
    'Button that uploads the chosen picture and makes it the profile picture.',
  'account.avatar.remove': 'Button that deletes the current profile picture.',
  'account.email.heading': 'Heading of the e-mail change section.',
  'account.email.current': 'The member’s current address; {{email}} is the address.',
  'account.email.new': 'Label of the new e-mail address field.',
  'account.email.submit': 'Button that asks for an e-mail change (confirmation mails follow).',
  'account.email.sent':
    'After asking for an e-mail change; {{email}} is the new address. Both addresses get a link.',
  'account.sso.heading':
    'Heading of the account page section shown instead of e-mail and password for staff who sign in through their organisation.',
  'account.sso.managed':
    'Says the organisation manages the account (address and password change there); {{email}} is the address.',
  'account.sso.method': 'How this account signs in: the organisation’s single sign-on (SAML).',
  'account.password.heading': 'Title of the password line, first in the list of sign-in methods.',
  'account.password.withAddress':
    'What the password line says when the account has its e-mail address as a sign-in method.',
  'account.password.change':
    'Button on the password line that opens the form to change it (the ellipsis: a form follows).',
  'account.password.set':
    'Button on the password line of an account that signs in with an outside service only: opens the form to set one.',
  'account.password.new': 'Label of the new password field.',
  'account.password.submit': 'Button under the new password field that saves it.',
  'account.password.changed':
    'After a password change; other sessions end, as Supabase Auth does on a new password.',
  'account.identities.heading':
    'Heading of the account page section listing the ways to sign in (e-mail, outside services).',
  'account.identities.intro': 'One sentence under the sign-in methods heading.',
  'account.identities.email':
    'Name of the e-mail sign-in method in the list of sign-in methods; the address follows it.',
  'account.identities.unlink':
    'Button that removes an outside sign-in service from the account; {{provider}} is its name (Keycloak, Google, …).',
  'account.identities.link':
    'Button that links another outside sign-in service to the account (opens that service); {{provider}} is its name.',
  'account.identities.removed':
    'Shown after an outside sign-in service was removed; {{provider}} is its name.',
  'account.identities.notLinked':
    'What the line of an outside sign-in service says when it is not linked to the account yet.',
  'account.identities.onlyProvider':
    "What the password line says when the account has only an outside sign-in service; {{provider}} is its name. The line's button sets a password.",
  'account.identities.lastOne':
    'Shown next to the one remaining sign-in method instead of a remove button.',
  'account.security.heading':
    "Heading of the account page's Security section (second factors and passkeys).",
  'account.security.explain': 'Text at the top of the Security section: why a second factor.',
  'account.security.none':
    'What a line of the Security list (passkeys, authenticator apps, security keys) says when none of its kind is set up.',
  'account.security.passkeys': 'Title of the Security list line of passkeys.',
  'account.security.apps': 'Title of the Security list line of authenticator apps (TOTP).',
  'account.security.keys':
    'Title of the Security list line of security keys used as second factor.',
  'account.security.kind.totp': 'Kind of an entry in the list: an authenticator app (TOTP).',
  'account.security.kind.webauthn':
    'Kind of an entry in the list: a security key used as second factor.',
  'account.security.kind.passkey':
    'Kind of an entry in the list: a passkey to sign in without a password.',
  'account.security.added': 'When an entry was added. {{date}} is a localized date.',
  'account.security.lastUsed':
    'When a passkey was last used to sign in. {{date}} is a localized date.',
  'account.security.remove': 'Button that removes one entry. {{name}} is its name or kind.',
  'account.security.removed': 'Confirmation after an entry was removed.',
  'account.security.confirmFirst':
    'Shown above the second-factor form when removing needs a fresh second factor.',
  'account.security.totp.add':
    'Button on the authenticator apps line that opens the form to add one (the ellipsis: a form follows).',
  'account.security.totp.start':
    'Button of that form, after the name: shows the QR code and key to set up the app.',
  'account.security.totp.scan':
    'Instructions next to the QR code while adding an authenticator app.',
  'account.security.totp.qr': 'Text alternative of the QR code image.',
  'account.security.totp.secret':
    'Label of the key shown as text, to type into the app instead of scanning.',
  'account.security.totp.code': 'Label of the field for the first code the app shows.',
  'account.security.totp.verify': 'Button that checks the first code and turns the app on.',
  'account.security.totp.done': 'Confirmation after the authenticator app was turned on.',
  'account.security.passkey.add':
    'Button on the passkeys line that opens the form to add one (the ellipsis: a form follows).',
  'account.security.passkey.create':
    "Button of that form, after the name: creates the passkey (the browser's own dialog opens).",
  'account.security.passkey.hint': 'Hint under the passkey button: what a passkey is.',
  'account.security.passkey.done': 'Confirmation after a passkey was added.',
  'account.security.key.add':
    'Button on the security keys line that opens the form to add one (the ellipsis: a form follows).',
  'account.security.key.create':
    "Button of that form, after the name: registers the key as second factor (the browser's own dialog opens).",
  'account.security.key.done': 'Confirmation after a security key was added as second factor.',
  'account.security.name':
    'Label of the name field for a new passkey, authenticator app or security key.',
  'account.security.cancel': 'Button that closes the form to add a passkey, app or key.',
  'account.security.lostHeading': 'Heading of the paragraph on losing a phone or key.',
  'account.security.lost':
    'What to do when a second factor is lost; says plainly there are no recovery codes.',
  'account.sessions.heading': 'Heading of the sign-out section of the account page.',
  'account.signOutHere': 'Button that signs out this browser only.',
  'account.signOutEverywhere': 'Button that ends the member’s sessions on every device.',
  'account.signOutEverywhereHint': 'Explains the “sign out everywhere” button.',
  'account.notifications.heading':
    'Heading of the account page’s section about e-mail notifications.',
  'account.notifications.replies':
    'Label of the switch that turns e-mails about replies to the member’s comments on or off.',
  'account.notifications.hint':
    'Under the reply e-mails switch: how often such e-mails come and that each can stop them.',
  'account.notifications.unsubscribe.title':
    'Title of the page an e-mail’s “stop reply e-mails” link opens (no sign-in needed).',
  'account.notifications.unsubscribe.explain':
    'On the unsubscribe page: what the button does; says no sign-in is needed.',
  'account.notifications.unsubscribe.submit':
    'Button on the unsubscribe page that stops reply e-mails.',
  'account.notifications.unsubscribe.done':
    'Shown after the unsubscribe page stopped reply e-mails; says where to turn them on again.',
  'account.notifications.unsubscribe.invalid':
    'Shown when the unsubscribe link’s token is missing or names nobody.',
  'account.bookmarks.heading': 'Heading of the member’s list of bookmarked articles.',
  'account.bookmarks.empty':
    'Shown when the member has no bookmarks; names the article’s Bookmark button.',
  'account.bookmarks.remove':
    'Accessible name of the button removing one bookmark; {{title}} is the article title.',
  'account.bookmarks.removeShort': 'Visible text of the button removing one bookmark.',
  'account.bookmarks.unavailable':
    'Stands in for the title of a bookmarked article that is no longer on the site.',
  'account.data.heading': 'Heading of the data export section.',
  'account.export.hint': 'Explains what the data export holds (PRODUCT.md §8).',
  'account.export.submit': 'Button that downloads the member’s data as a JSON file.',
  'account.delete.heading': 'Heading of the account deletion section.',
  'account.delete.explain':
    'What deletion removes and what happens to comments (PRODUCT.md §6); it cannot be undone.',
  'account.delete.word':
    'The word a member types to confirm deletion: short, lower case, easy to type in this language.',
  'account.delete.confirm': 'Label of the confirmation field; {{word}} is account.delete.word.',
  'account.delete.mismatch':
    'Error when the confirmation field does not hold the word; {{word}} is account.delete.word.',
  'account.delete.submit': 'Button that deletes the account after the word was typed.',
  'errors.generic': 'Shown when an action failed for a reason we have no specific message for.',
  'errors.offline':
    'Shown when the request could not reach the server (no network). The person can retry; nothing typed is lost.',
  'errors.busy':
    'Shown when the server answered that it could not take the request in time (a sign-in waited too long behind many others). The person can retry.',
  'errors.invalidCredentials': 'Sign-in failed: the e-mail address or the password is wrong.',
  'errors.emailNotConfirmed':
    'Sign-in refused because the address has not been confirmed through the e-mail we sent.',
  'errors.userAlreadyExists':
    'Sign-up or e-mail change refused: an account with this address exists.',
  'errors.weakPassword': 'The server refused a password as too weak or too short.',
  'errors.samePassword': 'Changing the password refused because the new one equals the old one.',
  'errors.tooManyRequests': 'Too many e-mails or sign-in attempts in a short time.',
  'errors.otpExpired': 'An e-mail link or 6-digit code that has expired or was already used.',
  'errors.invalidEmail':
    'An e-mail address that is not valid (checked before sending, and by the server).',
  'errors.invalidInput': 'The server refused the values entered without a more specific reason.',
  'errors.signupDisabled': 'Sign-up with e-mail is switched off by the operator.',
  'errors.userBanned': 'Sign-in refused because the account is blocked.',
  'errors.linkOtherBrowser':
    'A sign-in link (OAuth or PKCE) was opened in another browser than the one that asked for it.',
  'errors.sessionExpired':
    'The session has ended (expired, revoked or signed out elsewhere); the person must sign in again.',
  'errors.providerDisabled':
    'Sign-in with an outside provider (Google, GitHub, …) that the operator has switched off.',
  'errors.rateLimited': 'Too many comments, reactions or reports in a short time (database limit).',
  'errors.suspended':
    'A member whose commenting is suspended by a moderator tries to comment or edit.',
  'errors.notAllowed': 'The person lacks the role or rights for this action.',
  'errors.lastAdmin':
    'The last admin cannot step down or delete the account: someone must stay admin.',
  'errors.commentUnavailable':
    'The comment acted on (or replied to) is missing, hidden or withdrawn.',
  'errors.replyTooDeep': 'Replies go one level deep only: a reply to a reply is refused.',
  'errors.reportClosed': 'Moderation: the report was already resolved or dismissed.',
  'errors.invalidUntil': 'Moderation: the end of a suspension must be in the future.',
  'errors.tooLong': 'A comment (2,000 characters) or report note (500) that is empty or too long.',
  'errors.displayNameLength':
    'A display name must have 1 to 40 characters after trimming, without control characters.',
  'errors.fileTooLarge': 'An avatar image larger than 2 MB.',
  'errors.fileType': 'An avatar that is not a PNG, JPEG or WebP image.',
  'errors.alreadyDone': 'A unique rule was hit, e.g. reporting the same comment twice.',
  'errors.secondFactorRequired':
    'The action needs a session confirmed with a second factor (aal2).',
  'errors.mfaCode': "The authenticator app's code was wrong or too old.",
  'errors.passkeyFailed': 'A passkey or security key answer was refused or the ceremony failed.',
  'errors.passkeyCancelled': "The browser's passkey dialog was closed or timed out.",
  'errors.passkeyExists': 'The authenticator is already registered on this account.',
  'errors.passkeyUnsupported': 'The browser has no WebAuthn.',
  'errors.tooManyFactors': 'The account has as many factors or passkeys as allowed.',
  'errors.factorNameTaken': 'Another factor of the account has this name.',
  'header.signIn': 'Header button that opens the sign-in dialog; also the dialog’s main heading.',
  'header.accountMenu':
    'Accessible name of the signed-in member’s avatar button that opens the account menu. {{name}} is the display name.',
  'header.account': 'Account menu entry leading to the account page.',
  'header.readingList':
    'Account menu entry leading to the reading-list page (the articles this device keeps to read offline).',
  'header.moderation':
    'Account menu entry leading to the moderation page (moderators and admins only).',
  'header.signOut': 'Account menu entry that signs out on this device.',
  'header.sessionEnded':
    'Notice under the header when the session ended without the person signing out here (expired, revoked, signed out elsewhere).',
  'header.localeOffer':
    'Header, signed in on a page in another language than the member chose; {{language}} is that language’s own name.',
  'header.localeSwitch':
    'Link next to header.localeOffer to the same page in the preferred language; {{language}} as there.',
  'header.dismiss': 'Button that closes a notice.',
  'auth.dialog.close': 'Button that closes the sign-in dialog (its values are kept).',
  'auth.back':
    'Sign-in dialog, on the steps after the e-mail address: button that returns to the address step.',
  'auth.continue':
    'Sign-in dialog, first step: button under the e-mail address; the site then finds the way in (the organisation’s sign-in, or a password).',
  'auth.field.email': 'Label of an e-mail address field.',
  'auth.field.password': 'Label of the password field.',
  'auth.field.code': 'Label of the field for the 6-digit code from the e-mail.',
  'auth.passwordRules':
    'Hint under a field for a new password (PRODUCT.md: ≥ 8 characters, ≤ 72 bytes, no composition rules).',
  'auth.password.submit': 'Submit button of the password sign-in form.',
  'auth.email.instead':
    'Sign-in dialog, password step: button that sends a sign-in link and a 6-digit code to the address instead of using a password.',
  'auth.forgot.start':
    'Sign-in dialog, password step: button that sends a link to set a new password to the address.',
  'auth.signUp.start':
    'Sign-in dialog, password step: button that goes to creating an account with the address typed.',
  'auth.signUp.submit': 'Submit button of the sign-up form.',
  'auth.signUp.sent':
    'Shown after sign-up; {{email}} is the address the confirmation link was sent to.',
  'auth.email.sent': 'Shown after the sign-in e-mail was sent; {{email}} is the address.',
  'auth.email.again':
    'Sign-in dialog, after the sign-in e-mail was sent: button that sends a new link and code.',
  'auth.code.submit': 'Button that signs in with the 6-digit code.',
  'auth.mfa.heading':
    "Heading of the sign-in dialog's second step, for accounts with a second factor.",
  'auth.mfa.explain': "Text under the second step's heading: what to enter or use.",
  'auth.mfa.code': "Label of the field for the authenticator app's 6-digit code.",
  'auth.mfa.submit': "Button that checks the authenticator app's code.",
  'auth.mfa.useKey':
    'Button that asks the browser for the security key or passkey registered as second factor.',
  'auth.mfa.cancel': 'Button that leaves the second step: signs out the half-finished sign-in.',
  'auth.mfa.pending.finish':
    "Button in the header (and under the account page's and the comments' prompts) while a sign-in waits for its second factor: reopens the sign-in dialog at that step.",
  'auth.mfa.pending.account':
    'Account page while a sign-in waits for its second factor: nothing of the account is shown until it is confirmed.',
  'auth.mfa.pending.comments':
    'Comments section, in place of the comment box, while a sign-in waits for its second factor.',
  'auth.mfa.pending.resetPassword':
    'New-password page after a recovery link, on an account with a second factor: the factor comes before the new password.',
  'auth.passkey.button':
    "Button in the sign-in dialog that signs in with a passkey (the browser's own dialog opens).",
  'auth.forgot.submit': 'Button that sends the password-reset e-mail.',
  'auth.forgot.sent':
    'Shown after asking for a reset; {{email}} is the address. Does not reveal whether an account exists.',
  'auth.otherWays':
    'Sign-in dialog, first step: heading above the ways in that need no e-mail address (a passkey, outside services such as Google).',
  'auth.oauth.button':
    'Button for one outside sign-in service; {{provider}} is its name (Google, GitHub, …).',
  'errors.providerCancelled':
    'Outside sign-in (Google, Keycloak, …) was cancelled at the service or refused by it (GoTrue error access_denied); shown on the sign-in return page.',
  'errors.providerState':
    'Outside sign-in came back without a valid state: too slow (5 minutes) or not started on this site (bad_oauth_state, bad_oauth_callback).',
  'errors.identityAlreadyLinked':
    'Linking an outside sign-in service failed: that service account already belongs to an account here (identity_already_exists).',
  'errors.providerEmailUnverified':
    'Outside sign-in refused because the service has not verified the person’s e-mail address (provider_email_needs_verification).',
  'errors.providerFailed':
    'The outside sign-in service failed or answered something unexpected (server_error, unexpected_failure).',
  'errors.lastIdentity':
    'Removing a sign-in method was refused because it is the account’s only one (single_identity_not_deletable).',
  'auth.busy': 'Shown on a submit button while the request is running.',
  'confirm.title':
    'Title (and <h1>) of /{l}/auth/confirm/, the landing page of the links in our e-mails.',
  'confirm.description': 'Meta description of the e-mail link landing page.',
  'confirm.loading': 'Shown on the e-mail link page until its script has read the link.',
  'confirm.intro.email':
    'E-mail link page, for a sign-up confirmation or sign-in link: what the button does.',
  'confirm.intro.recovery': 'E-mail link page, for a password-reset link: what the button does.',
  'confirm.intro.emailChange': 'E-mail link page, for a link confirming a changed e-mail address.',
  'confirm.why':
    'E-mail link page: why the person has to press a button (mail scanners open links too).',
  'confirm.submit.email': 'Button that completes a sign-up confirmation or sign-in link.',
  'confirm.submit.recovery':
    'Button that completes a password-reset link and leads to the new-password page.',
  'confirm.submit.emailChange': 'Button that completes an e-mail change link.',
  'confirm.exchanging':
    'Shown while returning from an outside sign-in service (Google, GitHub, …).',
  'confirm.done': 'Shown after the link worked, just before the page moves on.',
  'confirm.emailChangeHalf':
    'After the first of the two links of an e-mail change: the other address must confirm too.',
  'confirm.continue': 'Link to the next page after a completed e-mail link.',
  'confirm.missing':
    'The e-mail link page was opened without a link (a truncated or copied address).',
  'confirm.resend.heading':
    'Heading of the form that sends a fresh e-mail link after an expired or used one.',
  'confirm.resend.submit': 'Button that sends a fresh e-mail link.',
  'confirm.resend.sent': 'Shown after a fresh link was sent; {{email}} is the address.',
  'confirm.emailChangeAgain':
    'An expired e-mail change link: the change must be asked for again on the account page (a link).',
  'confirm.signInAgain':
    'Button on the e-mail link page after an outside sign-in (single sign-on, a service) failed: opens the sign-in dialog.',
  'errors.signInRefused':
    'An outside sign-in came back but its answer was refused (e.g. a single sign-on assertion that failed its checks).',
  'errors.signInStale':
    'An outside sign-in came back after its request expired or was used already (e.g. the back button after signing in).',
  'errors.ssoUnavailable':
    'The organisation’s single sign-on is switched off or no longer registered on this site.',
  'errors.ssoMissingDetails':
    'The organisation’s identity provider sent no e-mail address or no user ID; only its IT team can fix this.',
  'confirm.noscript': 'Shown on the e-mail link page when JavaScript is off.',
  'resetPassword.title':
    'Title (and <h1>) of /{l}/auth/reset-password/, where a member sets a new password.',
  'resetPassword.description': 'Meta description of the new-password page.',
  'resetPassword.intro': "Above the new-password form; {{email}} is the member's address.",
  'resetPassword.field': 'Label of the new password field.',
  'resetPassword.show': 'Checkbox that shows the typed password in clear text.',
  'resetPassword.submit': 'Button that saves the new password.',
  'resetPassword.done': 'Shown after the new password was saved.',
  'resetPassword.home': 'Link to the home page after the password was changed.',
  'resetPassword.signedOut':
    'New-password page opened without a recovery link (or it expired): the reset form follows.',
  'errors.passwordTooLong':
    'A new password longer than 72 bytes (checked before sending; accented letters count double).',
  'errors.codeFormat': 'The code field must hold exactly 6 digits (checked before sending).',
  'offline.title':
    'Heading and tab title of the page shown, by the installed web app’s service worker, for a page that cannot be loaded and is not kept on the device.',
  'offline.body':
    'Explanation on the offline page: the page could not be loaded (no connection or the site is down) and is not on the device; bookmarked and recently read articles are.',
  'offline.readingList':
    'Link on the offline page to the reading list (the articles kept on this device).',
  'offline.savedCopy':
    'Small note at the top of an article shown from the copy kept on the device (no connection); the date and time it was saved follow it.',
  'readingList.title':
    'Heading and tab title of the reading-list page: the articles this device keeps to read offline.',
  'readingList.intro':
    'First paragraph of the reading-list page: what is kept (bookmarks while signed in, recently read articles) and that signing out removes it.',
  'readingList.bookmarked':
    'Heading of the reading list’s bookmarked articles kept on this device.',
  'readingList.recent':
    'Heading of the reading list’s recently read articles kept on this device (the last 20).',
  'readingList.savedAt':
    'Under each article of the reading list. {{time}} is the date and time its copy was saved on the device.',
  'readingList.empty': 'Shown on the reading-list page when the device keeps no article yet.',
  'readingList.unsupported':
    'Shown on the reading-list page in a browser without service workers or Cache Storage.',
  'readingList.noscript': 'Shown on the reading-list page when JavaScript is off.',
  'account.bookmarks.offline':
    'Small mark after a bookmark on the account page whose article is kept on this device for reading offline.',
  'account.bookmarks.readingList':
    'Link below the account page’s bookmarks to the reading-list page (the articles kept on this device to read offline).',
  'comments.offline':
    'Shown above the comments while the reader is offline (no connection, or the site cannot be reached).',
  'manifest.description':
    'Description of the installable web app (its manifest), shown by some systems when installing it.',
};
