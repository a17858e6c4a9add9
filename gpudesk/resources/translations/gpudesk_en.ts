<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="+54"/>
        <source>Diagnosis</source>
        <translation>Diagnosis</translation>
    </message>
</context>
<context>
    <name>Accessibility</name>
    <message>
        <location filename="../../ui/a11y.py" line="+16"/>
        <source>More toolbar buttons</source>
        <translation>More toolbar buttons</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Close %1</source>
        <translation>Close %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Clear the text</source>
        <translation>Clear the text</translation>
    </message>
</context>
<context>
    <name>AccountDialog</name>
    <message>
        <location filename="../../ui/providers/account_dialog.py" line="+21"/>
        <source>Add a provider account</source>
        <translation>Add a provider account</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API address</source>
        <translation>API address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API token</source>
        <translation>API token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>URL templates (JSON)</source>
        <translation>URL templates (JSON)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test and save</source>
        <translation>Test and save</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The token is kept in the system keyring, never in a file.</source>
        <translation>The token is kept in the system keyring, never in a file.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>AutoDL: only Pro instances (容器实例 Pro) are supported. Other AutoDL instances do not appear in the list and cannot be started or stopped from here.</source>
        <translation>AutoDL: only Pro instances (容器实例 Pro) are supported. Other AutoDL instances do not appear in the list and cannot be started or stopped from here.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>https://your-api.example.com</source>
        <translation>https://your-api.example.com</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Give the account a name.</source>
        <translation>Give the account a name.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The URL templates must be a JSON object, e.g. %1</source>
        <translation>The URL templates must be a JSON object, e.g. %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Enter the API address.</source>
        <translation>Enter the API address.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Paste the API token from your provider&apos;s console.</source>
        <translation>Paste the API token from your provider&apos;s console.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Testing the token…</source>
        <translation>Testing the token…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not saved: %1</source>
        <translation>Not saved: %1</translation>
    </message>
</context>
<context>
    <name>AddChannelDialog</name>
    <message>
        <location filename="../../ui/alerts_settings.py" line="+82"/>
        <source>Add an alert channel</source>
        <translation>Add an alert channel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Channel name</source>
        <translation>Channel name</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+12"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Token, password or signing key</source>
        <translation>Token, password or signing key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kept in the system keyring only (optional)</source>
        <translation>kept in the system keyring only (optional)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Secret</source>
        <translation>Secret</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Pick at least one kind of news.</source>
        <translation>Pick at least one kind of news.</translation>
    </message>
</context>
<context>
    <name>Alerts</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+124"/>
        <source>This Telegram channel has no bot token in the keyring; add it again with --secret-env.</source>
        <translation>This Telegram channel has no bot token in the keyring; add it again with --secret-env.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the chat to the Telegram URL: https://api.telegram.org/?chat_id=123456789</source>
        <translation>Add the chat to the Telegram URL: https://api.telegram.org/?chat_id=123456789</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A {kind} channel is not sent over HTTP.</source>
        <translation>A {kind} channel is not sent over HTTP.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no answer within {s:.0f} s</source>
        <translation>no answer within {s:.0f} s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not reach it: {error}</source>
        <translation>could not reach it: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HTTP {status}: {answer}</source>
        <translation>HTTP {status}: {answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telegram said: {answer}</source>
        <translation>Telegram said: {answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error {code}: {answer}</source>
        <translation>error {code}: {answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted (HTTP {status})</source>
        <translation>accepted (HTTP {status})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tls=none is allowed only for a mail relay on this computer (localhost).</source>
        <translation>tls=none is allowed only for a mail relay on this computer (localhost).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server refused the login ({code})</source>
        <translation>the mail server refused the login ({code})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server said {code}: {answer}</source>
        <translation>the mail server said {code}: {answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not reach the mail server: {error}</source>
        <translation>could not reach the mail server: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server refused {count} recipient(s)</source>
        <translation>the mail server refused {count} recipient(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted by the mail server</source>
        <translation>accepted by the mail server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alert limits file</source>
        <translation>The alert limits file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The credit threshold cannot be negative.</source>
        <translation>The credit threshold cannot be negative.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server: {server}</source>
        <translation>Server: {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit code: {code}</source>
        <translation>Exit code: {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run time: {time}</source>
        <translation>Run time: {time}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost of the run: {cost}</source>
        <translation>Cost of the run: {cost}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diagnosis: {title} — {line}</source>
        <translation>Diagnosis: {title} — {line}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job &apos;{job}&apos; failed on {server}</source>
        <translation>Job &apos;{job}&apos; failed on {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job &apos;{job}&apos; finished on {server}</source>
        <translation>Job &apos;{job}&apos; finished on {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget reached on {server}</source>
        <translation>Budget reached on {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{server} is idle and still billing</source>
        <translation>{server} is idle and still billing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle for {minutes} min; the question in gpudesk is not answered.</source>
        <translation>Idle for {minutes} min; the question in gpudesk is not answered.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate: {rate:.2f} {currency}/h</source>
        <translation>Rate: {rate:.2f} {currency}/h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk will stop the instance</source>
        <translation>gpudesk will stop the instance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk will terminate the instance</source>
        <translation>gpudesk will terminate the instance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without an answer the server keeps running and billing.</source>
        <translation>Without an answer the server keeps running and billing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last automatic attempt failed: {error}</source>
        <translation>The last automatic attempt failed: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{spent:.2f} of the {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</source>
        <translation>{spent:.2f} of the {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{spent:.2f} of today&apos;s {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</source>
        <translation>{spent:.2f} of today&apos;s {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget nearly spent on {server}</source>
        <translation>Budget nearly spent on {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} of {server} not confirmed: it may still bill</source>
        <translation>{action} of {server} not confirmed: it may still bill</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard on {server} acted: {action}</source>
        <translation>The guard on {server} acted: {action}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outcome: {outcome}</source>
        <translation>Outcome: {outcome}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why: {reason}</source>
        <translation>Why: {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server guard: {action} on {server}</source>
        <translation>Server guard: {action} on {server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance of {server} was preempted</source>
        <translation>Instance of {server} was preempted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance of {server} is gone ({status})</source>
        <translation>Instance of {server} is gone ({status})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider state: {state}</source>
        <translation>Provider state: {state}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Credit low at {provider}</source>
        <translation>Credit low at {provider}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount:.2f} {currency} left (your alert threshold is {threshold:.2f}). Servers stop when it runs out.</source>
        <translation>{amount:.2f} {currency} left (your alert threshold is {threshold:.2f}). Servers stop when it runs out.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job finished</source>
        <translation>Job finished</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job failed</source>
        <translation>Job failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle server, question not answered</source>
        <translation>Idle server, question not answered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop requested but not confirmed</source>
        <translation>Stop requested but not confirmed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server guard acted</source>
        <translation>Server guard acted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance preempted or gone</source>
        <translation>Instance preempted or gone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider credit low</source>
        <translation>Provider credit low</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget or deadline near</source>
        <translation>Budget or deadline near</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU you want is in stock</source>
        <translation>A GPU you want is in stock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test message</source>
        <translation>Test message</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{event}</source>
        <translation>{event}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{name}&apos; is not a usable channel name: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (up to 64).</source>
        <translation>&apos;{name}&apos; is not a usable channel name: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (up to 64).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown channel kind &apos;{kind}&apos;; use one of: {kinds}.</source>
        <translation>Unknown channel kind &apos;{kind}&apos;; use one of: {kinds}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown event &apos;{event}&apos;; use one of: {events}.</source>
        <translation>Unknown event &apos;{event}&apos;; use one of: {events}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The URL must start with http:// or https:// and name a host.</source>
        <translation>The URL must start with http:// or https:// and name a host.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An email channel&apos;s URL looks like smtps://user@mail.example.com:465?to=you@example.com (smtp:// uses STARTTLS).</source>
        <translation>An email channel&apos;s URL looks like smtps://user@mail.example.com:465?to=you@example.com (smtp:// uses STARTTLS).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say where the mail goes: add ?to=you@example.com to the URL.</source>
        <translation>Say where the mail goes: add ?to=you@example.com to the URL.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the channel was removed</source>
        <translation>the channel was removed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alerts outbox</source>
        <translation>The alerts outbox</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>desktop notifications are shown by the running app, and none is listening here</source>
        <translation>desktop notifications are shown by the running app, and none is listening here</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shown by the app</source>
        <translation>shown by the app</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk test message</source>
        <translation>gpudesk test message</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>If you read this, gpudesk&apos;s alerts reach you here.</source>
        <translation>If you read this, gpudesk&apos;s alerts reach you here.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU stock watch file</source>
        <translation>The GPU stock watch file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU called &apos;{gpu}&apos; in the catalog (try H100, H200 SXM, A100 80GB).</source>
        <translation>No GPU called &apos;{gpu}&apos; in the catalog (try H100, H200 SXM, A100 80GB).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price must be an amount above 0.</source>
        <translation>The price must be an amount above 0.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU count must be between 1 and 64.</source>
        <translation>The GPU count must be between 1 and 64.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most {n} GPUs can be watched.</source>
        <translation>At most {n} GPUs can be watched.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{gpu} at {provider}: ${price:.2f}/GPU-h</source>
        <translation>{gpu} at {provider}: ${price:.2f}/GPU-h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count}× {name}{where} at ${price:.2f} per GPU-hour, at or under your ${limit:.2f}. Rent it in gpudesk: Catalog → Refresh prices → Rent this offer. Source: {source}</source>
        <translation>{count}× {name}{where} at ${price:.2f} per GPU-hour, at or under your ${limit:.2f}. Rent it in gpudesk: Catalog → Refresh prices → Rent this offer. Source: {source}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alert channels file</source>
        <translation>The alert channels file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A {kind} channel needs --url.</source>
        <translation>A {kind} channel needs --url.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This channel needs a secret kept in the system keyring, and none is usable here: {reason}</source>
        <translation>This channel needs a secret kept in the system keyring, and none is usable here: {reason}</translation>
    </message>
</context>
<context>
    <name>AlertsDialog</name>
    <message>
        <location filename="../../ui/alerts_settings.py" line="-112"/>
        <source>Desktop notification</source>
        <translation>Desktop notification</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ntfy (phone push)</source>
        <translation>ntfy (phone push)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Webhook (JSON)</source>
        <translation>Webhook (JSON)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email (SMTP)</source>
        <translation>Email (SMTP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telegram bot</source>
        <translation>Telegram bot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feishu / Lark group bot</source>
        <translation>Feishu / Lark group bot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DingTalk group bot</source>
        <translation>DingTalk group bot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WeCom group bot</source>
        <translation>WeCom group bot</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(no address: the app shows it)</source>
        <translation>(no address: the app shows it)</translation>
    </message>
    <message>
        <location line="+128"/>
        <source>Alerts when you are away</source>
        <translation>Alerts when you are away</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gpudesk can tell you on your phone, by email or in a group chat when a job ends or fails, a server sits idle and billing, a stop is not confirmed or credit runs low.</source>
        <translation>gpudesk can tell you on your phone, by email or in a group chat when a job ends or fails, a server sits idle and billing, a stop is not confirmed or credit runs low.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alert channels</source>
        <translation>Alert channels</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add…</source>
        <translation>Add…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send a test</source>
        <translation>Send a test</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Save events</source>
        <translation>Save events</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>News sent to the selected channel</source>
        <translation>News sent to the selected channel</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Alert when a provider&apos;s credit is below</source>
        <translation>Alert when a provider&apos;s credit is below</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Credit threshold</source>
        <translation>Credit threshold</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the credit threshold</source>
        <translation>Save the credit threshold</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Also send from the guard on each server, so its news arrives while this computer is off (ntfy, webhook, Telegram, WeCom, unsigned Feishu/DingTalk)</source>
        <translation>Also send from the guard on each server, so its news arrives while this computer is off (ntfy, webhook, Telegram, WeCom, unsigned Feishu/DingTalk)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The guard sends what it did, a deadline or daily cap 30 and 5 minutes away, and jobs that ended while the app was away. The channel&apos;s address and token are kept on the server in a file only your account can read. Applied when the app next connects to each server.</source>
        <translation>The guard sends what it did, a deadline or daily cap 30 and 5 minutes away, and jobs that ended while the app was away. The channel&apos;s address and token are kept on the server in a file only your account can read. Applied when the app next connects to each server.</translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+14"/>
        <source>Saved.</source>
        <translation>Saved.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Pick at least one kind of news.</source>
        <translation>Pick at least one kind of news.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sending a test…</source>
        <translation>Sending a test…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>accepted</source>
        <translation>accepted</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No channel to test.</source>
        <translation>No channel to test.</translation>
    </message>
</context>
<context>
    <name>AuditLog</name>
    <message>
        <location filename="../../ui/billing/report.py" line="+152"/>
        <source>Automatic actions log</source>
        <translation>Automatic actions log</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the server guard</source>
        <translation>the server guard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic</source>
        <translation>automatic</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>you</source>
        <translation>you</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>requested — waiting for the provider to confirm</source>
        <translation>requested — waiting for the provider to confirm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>confirmed by the provider (%1)</source>
        <translation>confirmed by the provider (%1)</translation>
    </message>
</context>
<context>
    <name>Billing</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+3"/>
        <source>{action} not confirmed — may still bill</source>
        <translation>{action} not confirmed — may still bill</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not yet confirmed</source>
        <translation>{action} requested — not yet confirmed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested {minutes} min ago — not confirmed: {provider} still reports {state}. It may still bill; try again.</source>
        <translation>{action} requested {minutes} min ago — not confirmed: {provider} still reports {state}. It may still bill; try again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not yet confirmed by {provider}</source>
        <translation>{action} requested — not yet confirmed by {provider}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the time as HH:MM, e.g. 23:00 (not &apos;{text}&apos;).</source>
        <translation>Write the time as HH:MM, e.g. 23:00 (not &apos;{text}&apos;).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a time of day.</source>
        <translation>&apos;{text}&apos; is not a time of day.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the provider did not say why</source>
        <translation>the provider did not say why</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle minutes must be positive and the threshold not negative.</source>
        <translation>Idle minutes must be positive and the threshold not negative.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Price unit must be one of {units}, not &apos;{unit}&apos;.</source>
        <translation>Price unit must be one of {units}, not &apos;{unit}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Granularity must be one of {steps}, not &apos;{step}&apos;.</source>
        <translation>Granularity must be one of {steps}, not &apos;{step}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A price cannot be negative.</source>
        <translation>A price cannot be negative.</translation>
    </message>
    <message>
        <location line="+321"/>
        <source>No provider API for this session: stop the server in your provider&apos;s console.</source>
        <translation>No provider API for this session: stop the server in your provider&apos;s console.</translation>
    </message>
</context>
<context>
    <name>BillingChart</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="+172"/>
        <source>total (%1)</source>
        <translation>total (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>for %1 h of use</source>
        <translation>for %1 h of use</translation>
    </message>
    <message>
        <location filename="../../ui/catalog/billing_text.py" line="+9"/>
        <source>hourly</source>
        <translation>hourly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>daily</source>
        <translation>daily</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monthly</source>
        <translation>monthly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot</source>
        <translation>spot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved 1 year</source>
        <translation>reserved 1 year</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved 3 years</source>
        <translation>reserved 3 years</translation>
    </message>
    <message>
        <location filename="../../ui/core_strings.py" line="-309"/>
        <source>Pay for the hours used; stop any time.</source>
        <translation>Pay for the hours used; stop any time.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider&apos;s daily price.</source>
        <translation>Provider&apos;s daily price.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Provider&apos;s monthly price.</source>
        <translation>Provider&apos;s monthly price.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No monthly price published: {hours:.0f} h of the hourly price per month started.</source>
        <translation>No monthly price published: {hours:.0f} h of the hourly price per month started.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Can be reclaimed at short notice (often under {minutes:.0f} minutes): checkpoint every 10–30 minutes and expect restarts; not for interactive work or services.</source>
        <translation>Can be reclaimed at short notice (often under {minutes:.0f} minutes): checkpoint every 10–30 minutes and expect restarts; not for interactive work or services.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} has no spot price for this instance in the snapshot.</source>
        <translation>{provider} has no spot price for this instance in the snapshot.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical {discount:.0%} off on-demand for a {years}-year commitment (no published price for this instance); the whole term is paid even if unused.</source>
        <translation>Typical {discount:.0%} off on-demand for a {years}-year commitment (no published price for this instance); the whole term is paid even if unused.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No purchase price for {gpu} in the catalog.</source>
        <translation>No purchase price for {gpu} in the catalog.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included beyond {extra:,.0f} USD of extra hardware.</source>
        <translation>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included beyond {extra:,.0f} USD of extra hardware.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included.</source>
        <translation>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included.</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>No daily price published: 24 h of the hourly price per day started.</source>
        <translation>No daily price published: 24 h of the hourly price per day started.</translation>
    </message>
</context>
<context>
    <name>BillingDialog</name>
    <message>
        <location filename="../../ui/billing/session_dialog.py" line="+15"/>
        <source>per hour</source>
        <translation>per hour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per day</source>
        <translation>per day</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per month (30 days)</source>
        <translation>per month (30 days)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per second</source>
        <translation>per second</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per started minute</source>
        <translation>per started minute</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per started hour</source>
        <translation>per started hour</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remind only</source>
        <translation>Remind only</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask, then stop through the API</source>
        <translation>Ask, then stop through the API</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask, then terminate through the API (local data is lost)</source>
        <translation>Ask, then terminate through the API (local data is lost)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Billing for %1</source>
        <translation>Billing for %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+2"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>HH:MM, e.g. 23:00 (empty: none)</source>
        <translation>HH:MM, e.g. 23:00 (empty: none)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask to stop when the running job ends</source>
        <translation>Ask to stop when the running job ends</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Guard on the server too (works while gpudesk is closed)</source>
        <translation>Guard on the server too (works while gpudesk is closed)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A small script on the server applies this policy when gpudesk is not running. Unchecked: it is removed.</source>
        <translation>A small script on the server applies this policy when gpudesk is not running. Unchecked: it is removed.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Price (0: not metered)</source>
        <translation>Price (0: not metered)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billed</source>
        <translation>Billed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle when every GPU is below</source>
        <translation>Idle when every GPU is below</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>… and nobody used it for</source>
        <translation>… and nobody used it for</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When idle</source>
        <translation>When idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for an answer</source>
        <translation>Wait for an answer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget in total (0: none)</source>
        <translation>Budget in total (0: none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget per day (0: none)</source>
        <translation>Budget per day (0: none)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When over budget</source>
        <translation>When over budget</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop at</source>
        <translation>Stop at</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At that time</source>
        <translation>At that time</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This provider has no stop: an instance bills until it is terminated, and terminating deletes its local disk. Automatic choices are to remind you, or to terminate after you confirm that warning.</source>
        <translation>This provider has no stop: an instance bills until it is terminated, and terminating deletes its local disk. Automatic choices are to remind you, or to terminate after you confirm that warning.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gpudesk has no provider API for this server: it can remind you, but you stop it in the console.</source>
        <translation>gpudesk has no provider API for this server: it can remind you, but you stop it in the console.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Terminate automatically?</source>
        <translation>Terminate automatically?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let gpudesk terminate %1 when nobody answers?</source>
        <translation>Let gpudesk terminate %1 when nobody answers?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Terminating deletes the instance and everything on its local disk. It cannot be undone. Download what you need first, or keep &quot;Remind only&quot;.</source>
        <translation>Terminating deletes the instance and everything on its local disk. It cannot be undone. Download what you need first, or keep &quot;Remind only&quot;.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Not saved: choose another action, or confirm the terminate.</source>
        <translation>Not saved: choose another action, or confirm the terminate.</translation>
    </message>
</context>
<context>
    <name>BillingMode</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+42"/>
        <source>hourly</source>
        <translation>hourly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>daily</source>
        <translation>daily</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monthly</source>
        <translation>monthly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot</source>
        <translation>spot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved-1y</source>
        <translation>reserved-1y</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved-3y</source>
        <translation>reserved-3y</translation>
    </message>
</context>
<context>
    <name>BreakEvenChart</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="+34"/>
        <source>Rent or buy</source>
        <translation>Rent or buy</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cumulative cost</source>
        <translation>cumulative cost</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hours of use</source>
        <translation>hours of use</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rent on demand</source>
        <translation>rent on demand</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>buy + electricity</source>
        <translation>buy + electricity</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>cumulative cost (%1)</source>
        <translation>cumulative cost (%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Buying pays off after %1 h of use (≈%2 months at %3 h a day).</source>
        <translation>Buying pays off after %1 h of use (≈%2 months at %3 h a day).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No break-even: renting stays cheaper, or no purchase price is known.</source>
        <translation>No break-even: renting stays cheaper, or no purchase price is known.</translation>
    </message>
</context>
<context>
    <name>CatalogPage</name>
    <message>
        <location filename="../../ui/catalog/page.py" line="+45"/>
        <source>Filter: GPU, provider, region (e.g. 4090 runpod)</source>
        <extracomment>the main window when it built this page (``open_page`` passes itself): a rent opens tabs there</extracomment>
        <translation>Filter: GPU, provider, region (e.g. 4090 runpod)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>any VRAM</source>
        <translation>any VRAM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On-demand only</source>
        <translation>On-demand only</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide flagged prices</source>
        <translation>Hide flagged prices</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> CNY per USD</source>
        <translation> CNY per USD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exchange rate used for every conversion; saved in the settings</source>
        <translation>Exchange rate used for every conversion; saved in the settings</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+17"/>
        <source>Min VRAM per GPU</source>
        <translation>Min VRAM per GPU</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Filter offers</source>
        <translation>Filter offers</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Exchange rate, CNY per USD</source>
        <translation>Exchange rate, CNY per USD</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+145"/>
        <location line="+13"/>
        <source>Refresh prices</source>
        <translation>Refresh prices</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>Fetch live prices from the Lambda, RunPod and Vast.ai accounts set up in Providers; they are cached with the time</source>
        <translation>Fetch live prices from the Lambda, RunPod and Vast.ai accounts set up in Providers; they are cached with the time</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU offers</source>
        <translation>GPU offers</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+202"/>
        <source>Rent this offer…</source>
        <translation>Rent this offer…</translation>
    </message>
    <message>
        <location line="-201"/>
        <source>Rent the selected offer through its provider&apos;s API, after you confirm the price</source>
        <translation>Rent the selected offer through its provider&apos;s API, after you confirm the price</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Price vs performance</source>
        <translation>Price vs performance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing comparison</source>
        <translation>Billing comparison</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rent or buy</source>
        <translation>Rent or buy</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rent this…</source>
        <translation>Rent this…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rent the planner&apos;s pick through the provider&apos;s API after you confirm the price; without an account there, add one or open the provider&apos;s page</source>
        <translation>Rent the planner&apos;s pick through the provider&apos;s API after you confirm the price; without an account there, add one or open the provider&apos;s page</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Alert me when in stock…</source>
        <translation>Alert me when in stock…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While gpudesk runs, it reads the providers&apos; live prices every 10 minutes and alerts you (Settings → Alerts when you are away) when this GPU is on offer at or under your price</source>
        <translation>While gpudesk runs, it reads the providers&apos; live prices every 10 minutes and alerts you (Settings → Alerts when you are away) when this GPU is on offer at or under your price</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Bundled catalog of %1: %2 offers from %3 providers and %4 GPU models; every value names its source (hover a row).</source>
        <translation>Bundled catalog of %1: %2 offers from %3 providers and %4 GPU models; every value names its source (hover a row).</translation>
    </message>
    <message>
        <location line="+90"/>
        <location line="+27"/>
        <source>Alert me when in stock</source>
        <translation>Alert me when in stock</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Alert me when %1 is on offer at or under this price per GPU-hour (US dollars):</source>
        <translation>Alert me when %1 is on offer at or under this price per GPU-hour (US dollars):</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Watching for %1 at or under $%2 per GPU-hour while gpudesk runs.</source>
        <translation>Watching for %1 at or under $%2 per GPU-hour while gpudesk runs.</translation>
    </message>
    <message>
        <location line="-233"/>
        <source>Open provider page</source>
        <translation>Open provider page</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Loading the bundled catalog…</source>
        <translation>Loading the bundled catalog…</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The bundled catalog could not be read: %1</source>
        <translation>The bundled catalog could not be read: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Refreshing…</source>
        <translation>Refreshing…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add a Lambda Cloud, RunPod or Vast.ai account in Providers to fetch live prices.</source>
        <translation>Add a Lambda Cloud, RunPod or Vast.ai account in Providers to fetch live prices.</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 live rows name GPUs the catalog has no specs for.</source>
        <translation>%1 live rows name GPUs the catalog has no specs for.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Selected: %1, observed %2. Source: %3</source>
        <translation>Selected: %1, observed %2. Source: %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPU specs: %1</source>
        <translation>GPU specs: %1</translation>
    </message>
</context>
<context>
    <name>CollectDialog</name>
    <message>
        <location filename="../../ui/jobs/collect_dialog.py" line="+46"/>
        <source>Collect results of %1</source>
        <translation>Collect results of %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add an environment report (GPUs, Python, pip freeze)</source>
        <translation>Add an environment report (GPUs, Python, pip freeze)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Collect</source>
        <translation>Collect</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the zip</source>
        <translation>Show the zip</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Release the server…</source>
        <translation>Release the server…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop or terminate the instance through your provider, so billing stops</source>
        <translation>Stop or terminate the instance through your provider, so billing stops</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Collecting…</source>
        <translation>Collecting…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Downloading %1 (%2)</source>
        <translation>Downloading %1 (%2)</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Folders and patterns are relative to the job&apos;s working folder (%1). Everything goes into one zip named after the job, with its log, command, code (the script files it names; in a git repository the commit and the uncommitted changes), an environment report and the cost, so the run can be reproduced later.</source>
        <translation>Folders and patterns are relative to the job&apos;s working folder (%1). Everything goes into one zip named after the job, with its log, command, code (the script files it names; in a git repository the commit and the uncommitted changes), an environment report and the cost, so the run can be reproduced later.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save the zip as</source>
        <translation>Save the zip as</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder and name of the zip</source>
        <translation>Choose the folder and name of the zip</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save as</source>
        <translation>Save as</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Save the results as</source>
        <translation>Save the results as</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zip archives (*.zip)</source>
        <translation>Zip archives (*.zip)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Saved %1 result file(s), %2, with the job&apos;s log, command and cost, to %3.</source>
        <translation>Saved %1 result file(s), %2, with the job&apos;s log, command and cost, to %3.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>None of the folders and patterns is in the job&apos;s working folder, so the zip holds the job&apos;s record only; add a pattern above and collect again for more.</source>
        <translation>None of the folders and patterns is in the job&apos;s working folder, so the zip holds the job&apos;s record only; add a pattern above and collect again for more.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not in this job&apos;s folder, skipped: %1</source>
        <translation>Not in this job&apos;s folder, skipped: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run: %1 at %2/h = &lt;b&gt;%3&lt;/b&gt;. Stop or terminate the server when you are done, or billing runs on.</source>
        <translation>This run: %1 at %2/h = &lt;b&gt;%3&lt;/b&gt;. Stop or terminate the server when you are done, or billing runs on.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This run took %1. Stop or terminate the server when you are done, or billing runs on.</source>
        <translation>This run took %1. Stop or terminate the server when you are done, or billing runs on.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collect again</source>
        <translation>Collect again</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Code: %1 (job/code)</source>
        <translation>Code: %1 (job/code)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>git commit %1</source>
        <translation>git commit %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and its uncommitted changes (job/git.diff)</source>
        <translation>%1 and its uncommitted changes (job/git.diff)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The command names no script file found in the working folder; job/command.sh holds the command.</source>
        <translation>The command names no script file found in the working folder; job/command.sh holds the command.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collecting failed: %1</source>
        <translation>Collecting failed: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Release the server</source>
        <translation>Release the server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop or terminate the instance in your provider&apos;s console (or with &apos;gpudesk instances stop ID&apos;). A stopped instance may still bill for its disk.</source>
        <translation>Stop or terminate the instance in your provider&apos;s console (or with &apos;gpudesk instances stop ID&apos;). A stopped instance may still bill for its disk.</translation>
    </message>
</context>
<context>
    <name>ConfirmPage</name>
    <message>
        <location filename="../../ui/rent/pages.py" line="+58"/>
        <location line="+1"/>
        <source>Account</source>
        <extracomment>what the confirmed rental has that the picked offer had not (another offer, the demo&apos;s stand-in)</extracomment>
        <translation>Account</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You picked</source>
        <translation>You picked</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU × count</source>
        <translation>GPU × count</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Disk size</source>
        <translation>Disk size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk</source>
        <translation>Disk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On demand</source>
        <translation>On demand</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spot (interruptible)</source>
        <translation>Spot (interruptible)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Billing</source>
        <translation>Billing</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> per hour</source>
        <translation> per hour</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Bid</source>
        <translation>Bid</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../ui/files/conflict_dialog.py" line="+16"/>
        <source>File exists</source>
        <translation>File exists</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} already exists ({1}, {2}).
The new file is {3}.</source>
        <translation>{0} already exists ({1}, {2}).
The new file is {3}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Apply to all</source>
        <translation>Apply to all</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Overwrite</source>
        <translation>Overwrite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip</source>
        <translation>Skip</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep both</source>
        <translation>Keep both</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The existing file is shorter: continue it (checked by SHA-256)</source>
        <translation>The existing file is shorter: continue it (checked by SHA-256)</translation>
    </message>
</context>
<context>
    <name>ConnectError</name>
    <message>
        <location filename="../../ui/errors_text.py" line="+15"/>
        <source>The server name could not be found. Check the spelling and your internet connection.</source>
        <translation>The server name could not be found. Check the spelling and your internet connection.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused the connection: check the port number and that the server is running.</source>
        <translation>The server refused the connection: check the port number and that the server is running.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not answer in time: it may be off, or a firewall or the network is in the way.</source>
        <translation>The server did not answer in time: it may be off, or a firewall or the network is in the way.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login failed: the user name or password is wrong, or the server does not allow this login method.</source>
        <translation>Login failed: the user name or password is wrong, or the server does not allow this login method.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected the key: its public key must be in ~/.ssh/authorized_keys on the server.</source>
        <translation>The server rejected the key: its public key must be in ~/.ssh/authorized_keys on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This private key is protected by a passphrase: enter it to use the key.</source>
        <translation>This private key is protected by a passphrase: enter it to use the key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The passphrase of the private key is wrong.</source>
        <translation>The passphrase of the private key is wrong.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This kind of key cannot be used: convert it, or create an ed25519 key.</source>
        <translation>This kind of key cannot be used: convert it, or create an ed25519 key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The private key file cannot be read.</source>
        <translation>The private key file cannot be read.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This server is new and its host key is not trusted yet.</source>
        <translation>This server is new and its host key is not trusted yet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the server&apos;s host key has CHANGED. Someone may be intercepting the connection, or the server was reinstalled: confirm the new key with your provider before you connect.</source>
        <translation>WARNING: the server&apos;s host key has CHANGED. Someone may be intercepting the connection, or the server was reinstalled: confirm the new key with your provider before you connect.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLOCKED: the server presented a host key that your known_hosts file marks as revoked. Do not connect; ask your provider what happened to the server.</source>
        <translation>BLOCKED: the server presented a host key that your known_hosts file marks as revoked. Do not connect; ask your provider what happened to the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You did not trust the server&apos;s key, so the connection was closed.</source>
        <translation>You did not trust the server&apos;s key, so the connection was closed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server closed the connection: check that the port is the SSH port and that the server is up.</source>
        <translation>The server closed the connection: check that the port is the SSH port and that the server is up.</translation>
    </message>
    <message>
        <location filename="../../ui/core_strings.py" line="+368"/>
        <source>The keyring did not keep gpudesk&apos;s key.</source>
        <translation>The keyring did not keep gpudesk&apos;s key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk&apos;s key is not in the keyring: rent again to make one.</source>
        <translation>gpudesk&apos;s key is not in the keyring: rent again to make one.</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Agent forwarding is not available on Windows; the server&apos;s git and ssh cannot use your local keys. Copy a deploy key to the server instead.</source>
        <translation>Agent forwarding is not available on Windows; the server&apos;s git and ssh cannot use your local keys. Copy a deploy key to the server instead.</translation>
    </message>
    <message>
        <location line="-205"/>
        <location filename="../../ui/errors_text.py" line="+1"/>
        <source>Connecting was cancelled.</source>
        <translation>Connecting was cancelled.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected error while connecting: {error}</source>
        <translation>Unexpected error while connecting: {error}</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>{address} did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</source>
        <translation>{address} did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} accepted the connection but closed it before speaking SSH. Check the port (is it the SSH port?) and that the server is up.</source>
        <translation>{address} accepted the connection but closed it before speaking SSH. Check the port (is it the SSH port?) and that the server is up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH handshake with {address} failed: {error}.</source>
        <translation>The SSH handshake with {address} failed: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} accepted the connection but did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</source>
        <translation>{address} accepted the connection but did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The jump host {jump} could not reach {address} ({error}). Check the address as seen from the jump host.</source>
        <translation>The jump host {jump} could not reach {address} ({error}). Check the address as seen from the jump host.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The jump host {jump} did not open a tunnel: {error}.</source>
        <translation>The jump host {jump} did not open a tunnel: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server name &apos;{host}&apos; could not be found. Check the spelling and your internet connection.</source>
        <translation>The server name &apos;{host}&apos; could not be found. Check the spelling and your internet connection.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} did not answer within {seconds:.0f} s. The server may be off, or a firewall blocks the port.</source>
        <translation>{address} did not answer within {seconds:.0f} s. The server may be off, or a firewall blocks the port.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} refused the connection: nothing listens on port {port}. Check the port number, and that the server is running.</source>
        <translation>{address} refused the connection: nothing listens on port {port}. Check the port number, and that the server is running.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach {address}: {error}.</source>
        <translation>Could not reach {address}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: {address} presented the host key {fingerprint}, which is marked as REVOKED in your known_hosts. The connection was closed and nothing was sent. Ask your provider for the server&apos;s current key.</source>
        <translation>WARNING: {address} presented the host key {fingerprint}, which is marked as REVOKED in your known_hosts. The connection was closed and nothing was sent. Ask your provider for the server&apos;s current key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the host key of {address} has CHANGED.
It is known by a key of type {known_type} ({known}); the server now sent a key of type {key_type} ({fingerprint}).
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</source>
        <translation>WARNING: the host key of {address} has CHANGED.
It is known by a key of type {known_type} ({known}); the server now sent a key of type {key_type} ({fingerprint}).
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the host key of {address} has CHANGED.
Expected {known}, the server sent {fingerprint}.
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</source>
        <translation>WARNING: the host key of {address} has CHANGED.
Expected {known}, the server sent {fingerprint}.
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} is a new server (key {fingerprint}); it is not trusted yet.</source>
        <translation>{address} is a new server (key {fingerprint}); it is not trusted yet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You did not trust the key of {address}; the connection was closed.</source>
        <translation>You did not trust the key of {address}; the connection was closed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the provider&apos;s gateway {address} presented the host key {fingerprint}, which is not a key trusted for {server}. The connection was closed and nothing was sent.
A gateway must show the same server you already trust. Someone may be intercepting the connection; connect only after you confirm the key with your provider.</source>
        <translation>WARNING: the provider&apos;s gateway {address} presented the host key {fingerprint}, which is not a key trusted for {server}. The connection was closed and nothing was sent.
A gateway must show the same server you already trust. Someone may be intercepting the connection; connect only after you confirm the key with your provider.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key stored for this session is missing from the keyring.</source>
        <translation>The key stored for this session is missing from the keyring.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown login method &apos;{method}&apos;.</source>
        <translation>Unknown login method &apos;{method}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server closed the connection during login ({error}).</source>
        <translation>The server closed the connection during login ({error}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server asks for more ({step}), which cannot be answered here.</source>
        <translation>The server asks for more ({step}), which cannot be answered here.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a verification step</source>
        <translation>a verification step</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login was cancelled.</source>
        <translation>Login was cancelled.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server keeps asking for more login steps; giving up.</source>
        <translation>The server keeps asking for more login steps; giving up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server also asks for the password of {user}.</source>
        <translation>The server also asks for the password of {user}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server wants another login step ({methods}) this app cannot do.</source>
        <translation>The server wants another login step ({methods}) this app cannot do.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not accept the second login step (code or password).</source>
        <translation>The server did not accept the second login step (code or password).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server does not accept password login for {user} (it allows: {allowed}). Use a key instead.</source>
        <translation>The server does not accept password login for {user} (it allows: {allowed}). Use a key instead.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong user name or password for {user}@{host}. Check both and try again.</source>
        <translation>Wrong user name or password for {user}@{host}. Check both and try again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server does not accept key login for {user} (it allows: {allowed}).</source>
        <translation>The server does not accept key login for {user} (it allows: {allowed}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected the key {fingerprint} for {user}. Is its public key in ~/.ssh/authorized_keys on the server?</source>
        <translation>The server rejected the key {fingerprint} for {user}. Is its public key in ~/.ssh/authorized_keys on the server?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH agent has no keys (or none is running). Add a key with ssh-add, or start Pageant on Windows.</source>
        <translation>The SSH agent has no keys (or none is running). Add a key with ssh-add, or start Pageant on Windows.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected every key in the SSH agent for {user}.</source>
        <translation>The server rejected every key in the SSH agent for {user}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection is closed. Reconnect and try again.</source>
        <translation>The connection is closed. Reconnect and try again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open a channel: {error}.</source>
        <translation>Could not open a channel: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command did not finish within {seconds:.0f} s.</source>
        <translation>The command did not finish within {seconds:.0f} s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start SFTP: {error}.</source>
        <translation>Could not start SFTP: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused the SFTP subsystem.</source>
        <translation>The server refused the SFTP subsystem.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection to {address} was lost.</source>
        <translation>The connection to {address} was lost.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection to {address} was lost: no answer for {seconds:.0f} s.</source>
        <translation>The connection to {address} was lost: no answer for {seconds:.0f} s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no answer in time</source>
        <translation>no answer in time</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the other side closed the connection</source>
        <translation>the other side closed the connection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was reset</source>
        <translation>the connection was reset</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was broken off</source>
        <translation>the connection was broken off</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an error of kind {kind}, without further detail</source>
        <translation>an error of kind {kind}, without further detail</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The key file {path} does not exist.</source>
        <translation>The key file {path} does not exist.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read (permission denied).</source>
        <translation>The key file {path} cannot be read (permission denied).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read: {error}.</source>
        <translation>The key file {path} cannot be read: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the stored key</source>
        <translation>the stored key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a public key. Choose the private key (the file without .pub).</source>
        <translation>{source} is a public key. Choose the private key (the file without .pub).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a DSA key, which current servers refuse. Create an ed25519 key instead.</source>
        <translation>{source} is a DSA key, which current servers refuse. Create an ed25519 key instead.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a {kind} key, which is not supported. Use ed25519, RSA or ECDSA.</source>
        <translation>{source} is a {kind} key, which is not supported. Use ed25519, RSA or ECDSA.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is not a private key file this app can read.</source>
        <translation>{source} is not a private key file this app can read.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is protected by a passphrase. Enter it to use the key.</source>
        <translation>{source} is protected by a passphrase. Enter it to use the key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The passphrase for {source} is wrong.</source>
        <translation>The passphrase for {source} is wrong.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} could not be read as a private key ({error}).</source>
        <translation>{source} could not be read as a private key ({error}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit code {code}</source>
        <translation>exit code {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not add the key to ~/.ssh/authorized_keys on the server: {error}</source>
        <translation>Could not add the key to ~/.ssh/authorized_keys on the server: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{kind} proxy {address}</source>
        <translation>{kind} proxy {address}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand could not start: {error}. Command: {command}</source>
        <translation>The ProxyCommand could not start: {error}. Command: {command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The proxy &apos;{host}&apos; could not be found.</source>
        <translation>The proxy &apos;{host}&apos; could not be found.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} did not answer within {seconds:.0f} s.</source>
        <translation>The {proxy} did not answer within {seconds:.0f} s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} refused the connection ({error}). Check the proxy settings.</source>
        <translation>The {proxy} refused the connection ({error}). Check the proxy settings.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown proxy type &apos;{kind}&apos;.</source>
        <translation>Unknown proxy type &apos;{kind}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} closed the connection ({error}).</source>
        <translation>The {proxy} closed the connection ({error}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} closed the connection without answering.</source>
        <translation>The {proxy} closed the connection without answering.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} sent an oversized answer.</source>
        <translation>The {proxy} sent an oversized answer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} asks for a user name and password, or the ones given are wrong.</source>
        <translation>The {proxy} asks for a user name and password, or the ones given are wrong.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} would not connect to {address}: {status}.</source>
        <translation>The {proxy} would not connect to {address}: {status}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>general failure</source>
        <translation>general failure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed by the proxy&apos;s rules</source>
        <translation>not allowed by the proxy&apos;s rules</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network unreachable</source>
        <translation>network unreachable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>host unreachable</source>
        <translation>host unreachable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection refused by the destination</source>
        <translation>connection refused by the destination</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL expired</source>
        <translation>TTL expired</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>command not supported</source>
        <translation>command not supported</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>address type not supported</source>
        <translation>address type not supported</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} is not a SOCKS5 proxy.</source>
        <translation>{address} is not a SOCKS5 proxy.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} accepts none of our login methods (a user name may be needed).</source>
        <translation>The {proxy} accepts none of our login methods (a user name may be needed).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} rejected the user name or password.</source>
        <translation>The {proxy} rejected the user name or password.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error {code}</source>
        <translation>error {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} could not reach {address}: {error}.</source>
        <translation>The {proxy} could not reach {address}: {error}.</translation>
    </message>
    <message>
        <location filename="../../ui/errors_text.py" line="+1"/>
        <source>The connection was lost.</source>
        <translation>The connection was lost.</translation>
    </message>
</context>
<context>
    <name>ConnectPrompt</name>
    <message>
        <location filename="../../ui/connect_prompt.py" line="+142"/>
        <location line="+31"/>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+3"/>
        <location line="+34"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+33"/>
        <source>Remember password</source>
        <translation>Remember password</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>No system keyring was found; the password is asked for each time.</source>
        <translation>No system keyring was found; the password is asked for each time.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep this session in the list, even before the login worked</source>
        <translation>Keep this session in the list, even before the login worked</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Key passphrase</source>
        <translation>Key passphrase</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remember passphrase</source>
        <translation>Remember passphrase</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Saved</source>
        <translation>Saved</translation>
    </message>
</context>
<context>
    <name>ConnectionTab</name>
    <message>
        <location filename="../../ui/connection_tab.py" line="+99"/>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Password for %1@%2:</source>
        <translation>Password for %1@%2:</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+35"/>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <location line="+227"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>The direct address did not answer; connected through the provider&apos;s SSH gateway (%1). It can be slower; the direct address is tried first next time.</source>
        <translation>The direct address did not answer; connected through the provider&apos;s SSH gateway (%1). It can be slower; the direct address is tried first next time.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connected to %1

Host key: %2 %3
Cipher: %4
Server: %5</source>
        <translation>Connected to %1

Host key: %2 %3
Cipher: %4
Server: %5</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Connecting was cancelled.</source>
        <translation>Connecting was cancelled.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Try again</source>
        <translation>Try again</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+6"/>
        <location line="+5"/>
        <location line="+9"/>
        <location line="+4"/>
        <location line="+41"/>
        <location line="+51"/>
        <source>Edit session</source>
        <translation>Edit session</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Enter passphrase</source>
        <translation>Enter passphrase</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Replace stored key…</source>
        <translation>Replace stored key…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+209"/>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <location line="-201"/>
        <location line="+88"/>
        <source>The screen is kept; reconnect to carry on.</source>
        <translation>The screen is kept; reconnect to carry on.</translation>
    </message>
    <message>
        <location line="-120"/>
        <location line="+33"/>
        <location line="+14"/>
        <location line="+24"/>
        <location line="+45"/>
        <location line="+4"/>
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location line="-244"/>
        <source>Looking for a saved password for %1…</source>
        <translation>Looking for a saved password for %1…</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Reconnecting to %1… (%2)</source>
        <translation>Reconnecting to %1… (%2)</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>Reconnecting in %1 s… (%2)</source>
        <translation>Reconnecting in %1 s… (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This server was released at the provider: it is billed no more and cannot be reconnected.</source>
        <translation>This server was released at the provider: it is billed no more and cannot be reconnected.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This server is stopped at the provider: compute is not billing; its disk bills %1 for storage. What this tab shows is from before the stop.</source>
        <translation>This server is stopped at the provider: compute is not billing; its disk bills %1 for storage. What this tab shows is from before the stop.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This server is stopped at the provider: it is not billing now (its disk may still be). What this tab shows is from before the stop.</source>
        <translation>This server is stopped at the provider: it is not billing now (its disk may still be). What this tab shows is from before the stop.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Starting the server at the provider…</source>
        <translation>Starting the server at the provider…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Key passphrase</source>
        <translation>Key passphrase</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key for %1 is protected by a passphrase:</source>
        <translation>The key for %1 is protected by a passphrase:</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>New server</source>
        <translation>New server</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is the first connection to %1.</source>
        <translation>This is the first connection to %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its %1 key fingerprint is

%2

If your provider shows a fingerprint, compare it. Trust this server?</source>
        <translation>Its %1 key fingerprint is

%2

If your provider shows a fingerprint, compare it. Trust this server?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trust always</source>
        <translation>Trust always</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trust once</source>
        <translation>Trust once</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Verification</source>
        <translation>Verification</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Replace the stored host key?</source>
        <translation>Replace the stored host key?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only do this if you know why the key changed (for example, the server was reinstalled) and you checked the new fingerprint with your provider:

%1

The old key %2 will be forgotten.</source>
        <translation>Only do this if you know why the key changed (for example, the server was reinstalled) and you checked the new fingerprint with your provider:

%1

The old key %2 will be forgotten.</translation>
    </message>
</context>
<context>
    <name>CostBar</name>
    <message>
        <location filename="../../ui/billing/costbar.py" line="+62"/>
        <source>Costs</source>
        <translation>Costs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing for this session…</source>
        <translation>Billing for this session…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+355"/>
        <source>Stop this server…</source>
        <translation>Stop this server…</translation>
    </message>
    <message>
        <location line="-354"/>
        <location line="+354"/>
        <source>Terminate this server…</source>
        <translation>Terminate this server…</translation>
    </message>
    <message>
        <location line="-353"/>
        <source>Extend the deadline by 1 h</source>
        <translation>Extend the deadline by 1 h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>I stopped this server (end metering)</source>
        <translation>I stopped this server (end metering)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spending report…</source>
        <translation>Spending report…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Automatic actions log…</source>
        <translation>Automatic actions log…</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>no price set</source>
        <translation>no price set</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+91"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>checking with the provider…</source>
        <translation>checking with the provider…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>compute stopped · storage %1</source>
        <translation>compute stopped · storage %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not billing</source>
        <translation>not billing</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>idle %1 min</source>
        <translation>idle %1 min</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>in use from %1</source>
        <translation>in use from %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>today %1</source>
        <translation>today %1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Spending across all sessions</source>
        <translation>Spending across all sessions</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Provider: %1</source>
        <translation>Provider: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Provider status: %1</source>
        <translation>Provider status: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Billing now: compute %1 + storage %2</source>
        <translation>Billing now: compute %1 + storage %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Billing now, all servers and storage: compute %1 + storage %2</source>
        <translation>Billing now, all servers and storage: compute %1 + storage %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>nothing billed yet</source>
        <translation>nothing billed yet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Today %1 sums: %2</source>
        <translation>Today %1 sums: %2</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+109"/>
        <source>Terminate %1?</source>
        <translation>Terminate %1?</translation>
    </message>
    <message>
        <location line="-108"/>
        <source>Terminate %1 now?</source>
        <translation>Terminate %1 now?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminating deletes the instance and its local disk.</source>
        <translation>Terminating deletes the instance and its local disk.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The automatic stop of %1 failed</source>
        <translation>The automatic stop of %1 failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic terminate of %1 failed</source>
        <translation>The automatic terminate of %1 failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic action on %1 failed</source>
        <translation>The automatic action on %1 failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 It is still billing; gpudesk tries again in a minute.</source>
        <translation>%1 It is still billing; gpudesk tries again in a minute.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is not confirmed stopped</source>
        <translation>%1 is not confirmed stopped</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Extend the deadline by 1 h (now %1)</source>
        <translation>Extend the deadline by 1 h (now %1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Retry the stop…</source>
        <translation>Retry the stop…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Retry the terminate…</source>
        <translation>Retry the terminate…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: the deadline is now %2.</source>
        <translation>%1: the deadline is now %2.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Stop %1?</source>
        <translation>Stop %1?</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Stopped %1.</source>
        <translation>Stopped %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminated %1.</source>
        <translation>Terminated %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started %1.</source>
        <translation>Started %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not stop</source>
        <translation>Could not stop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not terminate</source>
        <translation>Could not terminate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start</source>
        <translation>Could not start</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Guard %1 on the server too?</source>
        <translation>Guard %1 on the server too?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also guard %1 on the server itself?</source>
        <translation>Also guard %1 on the server itself?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A small script runs on the server and applies your idle policy when gpudesk is closed (laptop lid shut, battery dead): it stops the bill even then. No root needed; you can remove it any time in Billing for this session.</source>
        <translation>A small script runs on the server and applies your idle policy when gpudesk is closed (laptop lid shut, battery dead): it stops the bill even then. No root needed; you can remove it any time in Billing for this session.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A small script runs on the server and applies your idle policy when gpudesk is closed. Your policy for this session is to remind only, so it will not stop the bill: choose Stop in Billing for this session first if you want that. No root needed; you can remove it any time.</source>
        <translation>A small script runs on the server and applies your idle policy when gpudesk is closed. Your policy for this session is to remind only, so it will not stop the bill: choose Stop in Billing for this session first if you want that. No root needed; you can remove it any time.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The provider now reports %1 for %2. Edit the session to use it; if the server was recycled, its host key changed too and gpudesk will show both fingerprints before trusting it.</source>
        <translation>The provider now reports %1 for %2. Edit the session to use it; if the server was recycled, its host key changed too and gpudesk will show both fingerprints before trusting it.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 ran %2 (%3) while gpudesk was closed</source>
        <translation>%1 ran %2 (%3) while gpudesk was closed</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open a connection first.</source>
        <translation>Open a connection first.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>End metering</source>
        <translation>End metering</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Did you stop or release %1 in your provider&apos;s console? gpudesk then stops counting its cost.</source>
        <translation>Did you stop or release %1 in your provider&apos;s console? gpudesk then stops counting its cost.</translation>
    </message>
</context>
<context>
    <name>DataFile</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-636"/>
        <source>The billing settings file</source>
        <translation>The billing settings file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file</source>
        <translation>the file</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The billing record</source>
        <translation>The billing record</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field}: {error}</source>
        <translation>{field}: {error}</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>{field} must be text</source>
        <translation>{field} must be text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must not be empty</source>
        <translation>{field} must not be empty</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a whole number</source>
        <translation>{field} must be a whole number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a whole number from {low} to {high}</source>
        <translation>{field} must be a whole number from {low} to {high}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a number</source>
        <translation>{field} must be a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be true or false</source>
        <translation>{field} must be true or false</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a list</source>
        <translation>{field} must be a list</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a JSON object</source>
        <translation>{field} must be a JSON object</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} is missing</source>
        <translation>{field} is missing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{entry}&apos;: {error}</source>
        <translation>&apos;{entry}&apos;: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry {n} &apos;{name}&apos;</source>
        <translation>entry {n} &apos;{name}&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry {n}</source>
        <translation>entry {n}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it repeats an earlier entry&apos;s id</source>
        <translation>it repeats an earlier entry&apos;s id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{entry}: {error}</source>
        <translation>{entry}: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder stands where the file should be</source>
        <translation>a folder stands where the file should be</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it cannot be read: {error}</source>
        <translation>it cannot be read: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not UTF-8 text</source>
        <translation>it is not UTF-8 text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON: {error} at line {line}, column {column}</source>
        <translation>not valid JSON: {error} at line {line}, column {column}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is nested too deeply</source>
        <translation>it is nested too deeply</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged: {count} entries were skipped ({details}), and the file could not be copied aside ({error}); the other entries were loaded.</source>
        <translation>{what} {path} was damaged: {count} entries were skipped ({details}), and the file could not be copied aside ({error}); the other entries were loaded.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged: {count} entries were skipped ({details}); the file as it was is kept as {copy}; the other entries were loaded, and the next save leaves the skipped ones out (copy back what you need from the kept file).</source>
        <translation>{what} {path} was damaged: {count} entries were skipped ({details}); the file as it was is kept as {copy}; the other entries were loaded, and the next save leaves the skipped ones out (copy back what you need from the kept file).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged ({error}) and could not be moved aside ({reason}); gpudesk goes on without it and will not write over it.</source>
        <translation>{what} {path} was damaged ({error}) and could not be moved aside ({reason}); gpudesk goes on without it and will not write over it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged ({error}); it was kept as {copy}; gpudesk goes on without it (empty or default values) and never writes over the kept file.</source>
        <translation>{what} {path} was damaged ({error}); it was kept as {copy}; gpudesk goes on without it (empty or default values) and never writes over the kept file.</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>The provider accounts file</source>
        <translation>The provider accounts file</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>The session list</source>
        <translation>The session list</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The settings file</source>
        <translation>The settings file</translation>
    </message>
</context>
<context>
    <name>DemoPhoneButton</name>
    <message>
        <location filename="../../ui/demo_phone.py" line="+167"/>
        <source>Demo phone</source>
        <translation>Demo phone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the demo&apos;s alerts arrive, as on your phone</source>
        <translation>Where the demo&apos;s alerts arrive, as on your phone</translation>
    </message>
</context>
<context>
    <name>DemoPhoneDialog</name>
    <message>
        <location line="-117"/>
        <source>Demo phone</source>
        <translation>Demo phone</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>In the demo, alerts go to this stand-in phone: the app&apos;s own (a job finished, an idle server nobody answers) and the server guard&apos;s, sent from the server while gpudesk is closed. Your own phone, e-mail or group chat: Settings → Alerts when you are away.</source>
        <translation>In the demo, alerts go to this stand-in phone: the app&apos;s own (a job finished, an idle server nobody answers) and the server guard&apos;s, sent from the server while gpudesk is closed. Your own phone, e-mail or group chat: Settings → Alerts when you are away.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Alerts on the demo phone</source>
        <translation>Alerts on the demo phone</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing yet.</source>
        <translation>Nothing yet.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The demo phone cannot be read: %1 (the demo server is not running?)</source>
        <translation>The demo phone cannot be read: %1 (the demo server is not running?)</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-682"/>
        <source>The GPU ran out of memory (CUDA out of memory)</source>
        <translation>The GPU ran out of memory (CUDA out of memory)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model&apos;s weights, activations, gradients and optimizer state need more GPU memory than is free on the card.</source>
        <translation>The model&apos;s weights, activations, gradients and optimizer state need more GPU memory than is free on the card.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use a smaller batch size (halve it until it fits).</source>
        <translation>Use a smaller batch size (halve it until it fits).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the effective batch with gradient accumulation (e.g. batch 8 × 4 accumulation steps instead of 32).</source>
        <translation>Keep the effective batch with gradient accumulation (e.g. batch 8 × 4 accumulation steps instead of 32).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn on gradient checkpointing (model.gradient_checkpointing_enable() in Transformers): less memory for ~30 % more compute.</source>
        <translation>Turn on gradient checkpointing (model.gradient_checkpointing_enable() in Transformers): less memory for ~30 % more compute.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train in mixed precision (bf16 on A100/H100, fp16 elsewhere: torch.autocast, or --bf16 in the HF Trainer).</source>
        <translation>Train in mixed precision (bf16 on A100/H100, fp16 elsewhere: torch.autocast, or --bf16 in the HF Trainer).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split the model over several GPUs: model parallelism, FSDP or DeepSpeed ZeRO, or rent a GPU with more memory.</source>
        <translation>Split the model over several GPUs: model parallelism, FSDP or DeepSpeed ZeRO, or rent a GPU with more memory.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that no other process holds GPU memory (GPUs tab → processes); PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True helps with fragmentation.</source>
        <translation>Check that no other process holds GPU memory (GPUs tab → processes); PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True helps with fragmentation.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The CUDA build and the GPU driver do not match</source>
        <translation>The CUDA build and the GPU driver do not match</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This PyTorch was built for a newer CUDA than the server&apos;s driver supports, or no driver is loaded at all.</source>
        <translation>This PyTorch was built for a newer CUDA than the server&apos;s driver supports, or no driver is loaded at all.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install the PyTorch build that matches the driver: see the CUDA version in the environment check (gpudesk check), then pip install torch --index-url https://download.pytorch.org/whl/cu1XX for that version or older.</source>
        <translation>Install the PyTorch build that matches the driver: see the CUDA version in the environment check (gpudesk check), then pip install torch --index-url https://download.pytorch.org/whl/cu1XX for that version or older.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Or choose a server image with a newer driver; the driver, not the CUDA toolkit, limits what runs.</source>
        <translation>Or choose a server image with a newer driver; the driver, not the CUDA toolkit, limits what runs.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep each project in its own conda env or venv, so one project&apos;s CUDA packages do not break another&apos;s.</source>
        <translation>Keep each project in its own conda env or venv, so one project&apos;s CUDA packages do not break another&apos;s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This PyTorch build has no code for this GPU (no kernel image)</source>
        <translation>This PyTorch build has no code for this GPU (no kernel image)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU&apos;s architecture (its sm_XX capability) is newer than the ones this PyTorch or CUDA extension was compiled for.</source>
        <translation>The GPU&apos;s architecture (its sm_XX capability) is newer than the ones this PyTorch or CUDA extension was compiled for.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a PyTorch build that supports the GPU (H100 needs sm_90: CUDA 11.8 builds or later; Blackwell needs CUDA 12.8 builds).</source>
        <translation>Install a PyTorch build that supports the GPU (H100 needs sm_90: CUDA 11.8 builds or later; Blackwell needs CUDA 12.8 builds).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rebuild custom CUDA extensions for this GPU (set TORCH_CUDA_ARCH_LIST, e.g. &quot;9.0&quot;, before building).</source>
        <translation>Rebuild custom CUDA extensions for this GPU (set TORCH_CUDA_ARCH_LIST, e.g. &quot;9.0&quot;, before building).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use a fresh conda env or venv so an old wheel from another project is not picked up.</source>
        <translation>Use a fresh conda env or venv so an old wheel from another project is not picked up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A distributed operation timed out (NCCL)</source>
        <translation>A distributed operation timed out (NCCL)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPUs waited for each other longer than the timeout: a rank crashed or hung, or the nodes cannot reach each other fast enough.</source>
        <translation>The GPUs waited for each other longer than the timeout: a rank crashed or hung, or the nodes cannot reach each other fast enough.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the network: every node must reach the others, and the rendezvous port (29500 by default) and NCCL&apos;s ports must be open between them.</source>
        <translation>Check the network: every node must reach the others, and the rendezvous port (29500 by default) and NCCL&apos;s ports must be open between them.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run with NCCL_DEBUG=INFO to see which interface and transport NCCL picks; set NCCL_SOCKET_IFNAME to the right interface.</source>
        <translation>Run with NCCL_DEBUG=INFO to see which interface and transport NCCL picks; set NCCL_SOCKET_IFNAME to the right interface.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Across nodes, use RDMA/InfiniBand when the provider offers it; to test whether it is at fault, try NCCL_IB_DISABLE=1.</source>
        <translation>Across nodes, use RDMA/InfiniBand when the provider offers it; to test whether it is at fault, try NCCL_IB_DISABLE=1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look at the other ranks&apos; logs: the first failure (often an out-of-memory or an exception on one rank) makes the others wait.</source>
        <translation>Look at the other ranks&apos; logs: the first failure (often an out-of-memory or an exception on one rank) makes the others wait.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For long first steps (compilation, data loading) raise the timeout in init_process_group(timeout=…).</source>
        <translation>For long first steps (compilation, data loading) raise the timeout in init_process_group(timeout=…).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPUs could not talk to each other (NCCL error)</source>
        <translation>The GPUs could not talk to each other (NCCL error)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NCCL failed to set up or use its connections between GPUs or nodes, often because it picked the wrong network interface.</source>
        <translation>NCCL failed to set up or use its connections between GPUs or nodes, often because it picked the wrong network interface.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run with NCCL_DEBUG=INFO and read the NET/ lines: which interface and transport were chosen.</source>
        <translation>Run with NCCL_DEBUG=INFO and read the NET/ lines: which interface and transport were chosen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set NCCL_SOCKET_IFNAME to the interface the nodes share (e.g. eth0), so docker0 or lo is never used.</source>
        <translation>Set NCCL_SOCKET_IFNAME to the interface the nodes share (e.g. eth0), so docker0 or lo is never used.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the network between nodes (firewall, security group) and, when available, RDMA/InfiniBand (NCCL_IB_HCA).</source>
        <translation>Check the network between nodes (firewall, security group) and, when available, RDMA/InfiniBand (NCCL_IB_HCA).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make sure every node runs the same PyTorch and NCCL versions.</source>
        <translation>Make sure every node runs the same PyTorch and NCCL versions.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The disk is full</source>
        <translation>The disk is full</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writing a checkpoint, a cache or a log failed because the server&apos;s disk (or your quota on it) has no space left.</source>
        <translation>Writing a checkpoint, a cache or a log failed because the server&apos;s disk (or your quota on it) has no space left.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See what uses the space: df -h and du -sh ~/.cache/* in the Terminal.</source>
        <translation>See what uses the space: df -h and du -sh ~/.cache/* in the Terminal.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete old checkpoints, or keep fewer (save_total_limit in the HF Trainer).</source>
        <translation>Delete old checkpoints, or keep fewer (save_total_limit in the HF Trainer).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear caches: ~/.cache/huggingface, ~/.cache/pip, conda clean -a.</source>
        <translation>Clear caches: ~/.cache/huggingface, ~/.cache/pip, conda clean -a.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write checkpoints and data to the larger data disk, or rent a bigger one.</source>
        <translation>Write checkpoints and data to the larger data disk, or rent a bigger one.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The system killed the job: host memory (RAM) ran out</source>
        <translation>The system killed the job: host memory (RAM) ran out</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linux&apos;s out-of-memory killer stopped the process (SIGKILL) because the server&apos;s RAM, not the GPU&apos;s, was exhausted.</source>
        <translation>Linux&apos;s out-of-memory killer stopped the process (SIGKILL) because the server&apos;s RAM, not the GPU&apos;s, was exhausted.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use fewer DataLoader workers (num_workers) and a smaller prefetch_factor; each worker copies data.</source>
        <translation>Use fewer DataLoader workers (num_workers) and a smaller prefetch_factor; each worker copies data.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream or memory-map the dataset instead of loading it all into RAM (datasets with streaming=True, numpy memmap).</source>
        <translation>Stream or memory-map the dataset instead of loading it all into RAM (datasets with streaming=True, numpy memmap).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load models with low_cpu_mem_usage=True (Transformers) so weights are not held twice.</source>
        <translation>Load models with low_cpu_mem_usage=True (Transformers) so weights are not held twice.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch RAM with free -h in the Terminal; rent a server with more RAM or add swap.</source>
        <translation>Watch RAM with free -h in the Terminal; rent a server with more RAM or add swap.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file or folder was not found</source>
        <translation>A file or folder was not found</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job looked for a path that does not exist on the server; relative paths start from the job&apos;s working folder.</source>
        <translation>The job looked for a path that does not exist on the server; relative paths start from the job&apos;s working folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the working folder of the job: relative paths are resolved from there.</source>
        <translation>Check the working folder of the job: relative paths are resolved from there.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Upload the missing file or folder (Files tab); paths on your own computer do not exist on the server.</source>
        <translation>Upload the missing file or folder (Files tab); paths on your own computer do not exist on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the spelling and the case: Linux file names are case-sensitive.</source>
        <translation>Check the spelling and the case: Linux file names are case-sensitive.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A package is missing in this environment</source>
        <translation>A package is missing in this environment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python (or the shell) cannot find a package or program: it is not installed in the environment the job runs in.</source>
        <translation>Python (or the shell) cannot find a package or program: it is not installed in the environment the job runs in.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Activate the right environment in the job (conda env or venv field), the one you installed the packages into.</source>
        <translation>Activate the right environment in the job (conda env or venv field), the one you installed the packages into.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install the package there: python -m pip install &lt;package&gt; (python -m pip uses the same Python as the job).</source>
        <translation>Install the package there: python -m pip install &lt;package&gt; (python -m pip uses the same Python as the job).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pin versions in requirements.txt so every server gets the same environment.</source>
        <translation>Pin versions in requirements.txt so every server gets the same environment.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loss became NaN</source>
        <translation>The loss became NaN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The numbers overflowed or diverged: usually a learning rate that is too high, or fp16 overflow.</source>
        <translation>The numbers overflowed or diverged: usually a learning rate that is too high, or fp16 overflow.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lower the learning rate (÷10) or use a warm-up.</source>
        <translation>Lower the learning rate (÷10) or use a warm-up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clip gradients (max_grad_norm=1.0).</source>
        <translation>Clip gradients (max_grad_norm=1.0).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefer bf16 to fp16 on GPUs that support it; check the data for NaN/inf values.</source>
        <translation>Prefer bf16 to fp16 on GPUs that support it; check the data for NaN/inf values.</translation>
    </message>
    <message>
        <location filename="../../ui/jobs/detail.py" line="-3"/>
        <source>Log line</source>
        <translation>Log line</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What to try:</source>
        <translation>What to try:</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+98"/>
        <source>{hours} h {minutes:02d} min</source>
        <translation>{hours} h {minutes:02d} min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{minutes} min {seconds:02d} s</source>
        <translation>{minutes} min {seconds:02d} s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
</context>
<context>
    <name>EnvCheck</name>
    <message>
        <location line="+134"/>
        <source>it is built for CUDA {build} but the driver supports only up to CUDA {driver}</source>
        <translation>it is built for CUDA {build} but the driver supports only up to CUDA {driver}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is built for CUDA {build}, newer than the driver&apos;s {driver}; most code runs (minor-version compatibility) but JIT-compiled kernels may fail</source>
        <translation>it is built for CUDA {build}, newer than the driver&apos;s {driver}; most code runs (minor-version compatibility) but JIT-compiled kernels may fail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi works.</source>
        <translation>nvidia-smi works.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reboot the server; if a GPU stays lost, ask the provider to replace it.</source>
        <translation>Reboot the server; if a GPU stays lost, ask the provider to replace it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU is visible.</source>
        <translation>No GPU is visible.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that the instance has GPUs and that the container was started with GPU access (docker run --gpus all).</source>
        <translation>Check that the instance has GPUs and that the container was started with GPU access (docker run --gpus all).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVIDIA driver {version}</source>
        <translation>NVIDIA driver {version}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver version could not be read.</source>
        <translation>The driver version could not be read.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run nvidia-smi on the server.</source>
        <translation>Run nvidia-smi on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA (driver)</source>
        <translation>CUDA (driver)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver supports CUDA up to {cuda}.</source>
        <translation>The driver supports CUDA up to {cuda}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver does not say which CUDA it supports (driver older than 410?).</source>
        <translation>The driver does not say which CUDA it supports (driver older than 410?).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Update the NVIDIA driver: current frameworks need CUDA 11.8 or newer.</source>
        <translation>Update the NVIDIA driver: current frameworks need CUDA 11.8 or newer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA toolkit {version}: {why}</source>
        <translation>CUDA toolkit {version}: {why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a CUDA toolkit no newer than the driver supports, or update the driver.</source>
        <translation>Install a CUDA toolkit no newer than the driver supports, or update the driver.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA toolkit {version}</source>
        <translation>CUDA toolkit {version}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No CUDA toolkit (nvcc); only needed to compile CUDA code. Frameworks bring their own.</source>
        <translation>No CUDA toolkit (nvcc); only needed to compile CUDA code. Frameworks bring their own.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmux is not installed, so a job dies when the connection drops.</source>
        <translation>tmux is not installed, so a job dies when the connection drops.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install it: apt-get install -y tmux (or yum install -y tmux).</source>
        <translation>Install it: apt-get install -y tmux (or yum install -y tmux).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is not installed for python3.</source>
        <translation>{name} is not installed for python3.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{command}, or activate the environment that has it.</source>
        <translation>{command}, or activate the environment that has it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is installed but does not import: {error}</source>
        <translation>{name} is installed but does not import: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reinstall it ({command}) in a clean virtual environment.</source>
        <translation>Reinstall it ({command}) in a clean virtual environment.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version} is a CPU-only build.</source>
        <translation>{name} {version} is a CPU-only build.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a CUDA build: {command}</source>
        <translation>Install a CUDA build: {command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}: {why} (environment conflict).</source>
        <translation>{name} {version}: {why} (environment conflict).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a {name} build for CUDA {cuda} or older, or update the NVIDIA driver.</source>
        <translation>Install a {name} build for CUDA {cuda} or older, or update the NVIDIA driver.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version} (CUDA {build}) does not see any GPU.</source>
        <translation>{name} {version} (CUDA {build}) does not see any GPU.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check CUDA_VISIBLE_DEVICES, and that the framework&apos;s CUDA build fits the driver.</source>
        <translation>Check CUDA_VISIBLE_DEVICES, and that the framework&apos;s CUDA build fits the driver.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}, CUDA {build}, sees {seen} GPU(s); {why}</source>
        <translation>{name} {version}, CUDA {build}, sees {seen} GPU(s); {why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefer a {name} build for CUDA {cuda} or older.</source>
        <translation>Prefer a {name} build for CUDA {cuda} or older.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}, CUDA {build}, sees {seen} GPU(s).</source>
        <translation>{name} {version}, CUDA {build}, sees {seen} GPU(s).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk (home)</source>
        <translation>Disk (home)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk ({path})</source>
        <translation>Disk ({path})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only {size} free on {path}.</source>
        <translation>Only {size} free on {path}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk.</source>
        <translation>Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} free on {path}; checkpoints fill it fast.</source>
        <translation>{size} free on {path}; checkpoints fill it fast.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free some space, or keep data and checkpoints on a larger data disk.</source>
        <translation>Free some space, or keep data and checkpoints on a larger data disk.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} free on {path}.</source>
        <translation>{size} free on {path}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no GPU</source>
        <translation>no GPU</translation>
    </message>
</context>
<context>
    <name>EnvReport</name>
    <message>
        <location filename="../../ui/gpus/envreport.py" line="+15"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning</source>
        <translation>Warning</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
</context>
<context>
    <name>EnvReportDialog</name>
    <message>
        <location line="+31"/>
        <source>Environment check — %1</source>
        <translation>Environment check — %1</translation>
    </message>
</context>
<context>
    <name>EnvReportView</name>
    <message>
        <location line="-23"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Check</source>
        <translation>Check</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result and fix</source>
        <translation>Result and fix</translation>
    </message>
</context>
<context>
    <name>Estimate</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-155"/>
        <source>weights</source>
        <translation>weights</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradients</source>
        <translation>gradients</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optimizer</source>
        <translation>optimizer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>activations</source>
        <translation>activations</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adapters+optimizer</source>
        <translation>adapters+optimizer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stated need</source>
        <translation>stated need</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a model size; write it like 7B, 70B, 1.5B or 350M.</source>
        <translation>&apos;{text}&apos; is not a model size; write it like 7B, 70B, 1.5B or 350M.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A model of {text} parameters is outside what the planner covers (1M to 2T).</source>
        <translation>A model of {text} parameters is outside what the planner covers (1M to 2T).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>needs ≈{need:.0f} GB per GPU over {gpus} GPUs ({parts} GB, + overhead)</source>
        <translation>needs ≈{need:.0f} GB per GPU over {gpus} GPUs ({parts} GB, + overhead)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>needs ≈{need:.0f} GB ({parts} GB, + overhead)</source>
        <translation>needs ≈{need:.0f} GB ({parts} GB, + overhead)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sequence {seq} tokens × micro-batch {batch}, activation checkpointing</source>
        <translation>sequence {seq} tokens × micro-batch {batch}, activation checkpointing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sequence {seq} tokens × micro-batch {batch}</source>
        <translation>sequence {seq} tokens × micro-batch {batch}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4-bit weights cannot be trained directly; use fine-tuning with QLoRA (--task fine-tuning --precision int4).</source>
        <translation>4-bit weights cannot be trained directly; use fine-tuning with QLoRA (--task fine-tuning --precision int4).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW, mixed precision: 16 bytes per parameter, sharded across GPUs (ZeRO-3/FSDP)</source>
        <translation>AdamW, mixed precision: 16 bytes per parameter, sharded across GPUs (ZeRO-3/FSDP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QLoRA (4-bit base) rank {rank} on q,k,v,o</source>
        <translation>QLoRA (4-bit base) rank {rank} on q,k,v,o</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LoRA rank {rank} on q,k,v,o</source>
        <translation>LoRA rank {rank} on q,k,v,o</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown training method &apos;{method}&apos;.</source>
        <translation>Unknown training method &apos;{method}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context {context} tokens × batch {batch}, 16-bit KV cache, tensor-parallel across GPUs</source>
        <translation>context {context} tokens × batch {batch}, 16-bit KV cache, tensor-parallel across GPUs</translation>
    </message>
</context>
<context>
    <name>FilePane</name>
    <message>
        <location filename="../../ui/files/pane.py" line="+95"/>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Up one folder</source>
        <translation>Up one folder</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder path</source>
        <translation>Folder path</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hidden</source>
        <translation>Hidden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show files whose names start with a dot</source>
        <translation>Show files whose names start with a dot</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 folder path</source>
        <translation>%1 folder path</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 files</source>
        <translation>%1 files</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot open this folder: {0}</source>
        <translation>Cannot open this folder: {0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%n item(s)</source>
        <translation>%n item(s)</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <location filename="../../ui/files/listing.py" line="+88"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modified</source>
        <translation>Modified</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permissions</source>
        <translation>Permissions</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../../ui/files/panel.py" line="+78"/>
        <source>Local</source>
        <translation>Local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote</source>
        <translation>Remote</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Upload the selected local files to the remote folder</source>
        <extracomment>the server&apos;s transfers and jobs (the live core owns the queue; this panel is its view)</extracomment>
        <translation>Upload the selected local files to the remote folder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Download the selected remote files to the local folder</source>
        <translation>Download the selected remote files to the local folder</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Verify SHA-256</source>
        <translation>Verify SHA-256</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare checksums after each transfer (resumed files are always compared)</source>
        <translation>Compare checksums after each transfer (resumed files are always compared)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sync…</source>
        <translation>Sync…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send only what changed between a local and a remote folder</source>
        <translation>Send only what changed between a local and a remote folder</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Connection lost: transfers are paused and resume after reconnecting.</source>
        <translation>Connection lost: transfers are paused and resume after reconnecting.</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>Finished: {0}</source>
        <translation>Finished: {0}</translation>
    </message>
    <message>
        <location line="-37"/>
        <location line="+39"/>
        <source>Failed: {0}: {1}</source>
        <translation>Failed: {0}: {1}</translation>
    </message>
    <message>
        <location line="-204"/>
        <source>Follow terminal</source>
        <translation>Follow terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the folder the terminal&apos;s shell is in, after each command</source>
        <translation>Show the folder the terminal&apos;s shell is in, after each command</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Not typed into the terminal: the name {0} holds control characters, which would edit or run the command line. Rename the folder first.</source>
        <translation>Not typed into the terminal: the name {0} holds control characters, which would edit or run the command line. Rename the folder first.</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Downloading for the drop…</source>
        <translation>Downloading for the drop…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Download</source>
        <translation>Download</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open in editor</source>
        <translation>Open in editor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New folder…</source>
        <translation>New folder…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rename…</source>
        <translation>Rename…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Permissions…</source>
        <translation>Permissions…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open in terminal</source>
        <translation>Open in terminal</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <source>Copy path</source>
        <translation>Copy path</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete…</source>
        <translation>Delete…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+9"/>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Upload</source>
        <translation>Upload</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+83"/>
        <source>Failed: {0}</source>
        <translation>Failed: {0}</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>New folder</source>
        <translation>New folder</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder name:</source>
        <translation>Folder name:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rename</source>
        <translation>Rename</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name:</source>
        <translation>New name:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Permissions</source>
        <translation>Permissions</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Octal mode (e.g. 755):</source>
        <translation>Octal mode (e.g. 755):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&apos;{0}&apos; is not an octal mode such as 644 or 755.</source>
        <translation>&apos;{0}&apos; is not an octal mode such as 644 or 755.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n item(s) on the server? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n item(s) on the server? This cannot be undone.</numerusform>
            <numerusform>Delete %n item(s) on the server? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Editing {0}: saving uploads it again.</source>
        <translation>Editing {0}: saving uploads it again.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{0} could run as a program, so it is not opened with the system&apos;s default application. Set a text editor in Settings (files.editor, e.g. gedit or code --wait), or open {1} yourself.</source>
        <translation>{0} could run as a program, so it is not opened with the system&apos;s default application. Set a text editor in Settings (files.editor, e.g. gedit or code --wait), or open {1} yourself.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not start an editor for {0}. Check the editor command in Settings (files.editor); the copy is {1}.</source>
        <translation>Could not start an editor for {0}. Check the editor command in Settings (files.editor); the copy is {1}.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Uploaded {0}</source>
        <translation>Uploaded {0}</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../ui/terminal/findbar.py" line="+46"/>
        <location line="+1"/>
        <source>Find in terminal</source>
        <translation>Find in terminal</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Previous</source>
        <translation>Previous</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>No matches</source>
        <translation>No matches</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
</context>
<context>
    <name>FolderMapTable</name>
    <message>
        <location filename="../../ui/importer/preview.py" line="+150"/>
        <source>Folder in the file</source>
        <translation>Folder in the file</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder in gpudesk</source>
        <translation>Folder in gpudesk</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(top level)</source>
        <translation>(top level)</translation>
    </message>
</context>
<context>
    <name>Forward</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+535"/>
        <source>Port {port} is already in use on this computer. Choose another local port.</source>
        <translation>Port {port} is already in use on this computer. Choose another local port.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot listen on {address}: {error}.</source>
        <translation>Cannot listen on {address}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH connection is closed; reconnect to use this forward.</source>
        <translation>The SSH connection is closed; reconnect to use this forward.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not reach {address} ({error}). Is the service running there?</source>
        <translation>The server could not reach {address} ({error}). Is the service running there?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open a tunnel to {address}: {error}.</source>
        <translation>Could not open a tunnel to {address}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH connection is closed.</source>
        <translation>The SSH connection is closed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused to listen on port {port} ({error}). The port may be in use there, or forwarding is disabled in its sshd_config.</source>
        <translation>The server refused to listen on port {port} ({error}). The port may be in use there, or forwarding is disabled in its sshd_config.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing answered on {address} here ({error}).</source>
        <translation>Nothing answered on {address} here ({error}).</translation>
    </message>
</context>
<context>
    <name>ForwardDialog</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+21"/>
        <source>Add port forward</source>
        <translation>Add port forward</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local: a server port on this computer (-L)</source>
        <translation>Local: a server port on this computer (-L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote: a local port on the server (-R)</source>
        <translation>Remote: a local port on the server (-R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dynamic: SOCKS5 proxy through the server (-D)</source>
        <translation>Dynamic: SOCKS5 proxy through the server (-D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any free port</source>
        <translation>any free port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Listen on port</source>
        <translation>Listen on port</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Destination host</source>
        <translation>Destination host</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Destination port</source>
        <translation>Destination port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start it every time this session connects</source>
        <translation>Start it every time this session connects</translation>
    </message>
</context>
<context>
    <name>Forwards</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-262"/>
        <source>Connection lost; forwards restart on reconnect.</source>
        <translation>Connection lost; forwards restart on reconnect.</translation>
    </message>
</context>
<context>
    <name>ForwardsPanel</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+22"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Listen</source>
        <translation>Listen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination</source>
        <translation>Destination</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connections</source>
        <translation>Connections</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add forward…</source>
        <extracomment>the server&apos;s forwards: they start, come back after a drop and end with the server, not with this tab</extracomment>
        <translation>Add forward…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open %1</source>
        <translation>Open %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward the server&apos;s port %1 here and open it in your browser</source>
        <translation>Forward the server&apos;s port %1 here and open it in your browser</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open in browser</source>
        <translation>Open in browser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop and remove</source>
        <translation>Stop and remove</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Port forwards</source>
        <translation>Port forwards</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No forwards yet — press “Add forward…”, or “Open TensorBoard” / “Open Jupyter” to reach that service on the server from your browser.</source>
        <translation>No forwards yet — press “Add forward…”, or “Open TensorBoard” / “Open Jupyter” to reach that service on the server from your browser.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Forwards reach services on the server (TensorBoard, Jupyter, a web demo) from this computer. Saved forwards start when the session connects.</source>
        <translation>Forwards reach services on the server (TensorBoard, Jupyter, a web demo) from this computer. Saved forwards start when the session connects.</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+24"/>
        <source>Forwards</source>
        <translation>Forwards</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+24"/>
        <source>Connect first.</source>
        <translation>Connect first.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>starting…</source>
        <translation>starting…</translation>
    </message>
</context>
<context>
    <name>GpuCard</name>
    <message>
        <location filename="../../ui/gpus/cards.py" line="+51"/>
        <source>Util</source>
        <translation>Util</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>Memory</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Temp %1 °C · Power %2</source>
        <translation>Temp %1 °C · Power %2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>SM %1 MHz · Mem %2 MHz</source>
        <translation>SM %1 MHz · Mem %2 MHz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fan %1 · %2</source>
        <translation>Fan %1 · %2</translation>
    </message>
</context>
<context>
    <name>GpuCharts</name>
    <message>
        <location filename="../../ui/gpus/charts.py" line="+24"/>
        <source>Utilization</source>
        <translation>Utilization</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>Memory</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temperature</source>
        <translation>Temperature</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>Power</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Chart colours</source>
        <translation>Chart colours</translation>
    </message>
</context>
<context>
    <name>GpuHealth</name>
    <message>
        <location filename="../../ui/gpus/health.py" line="+30"/>
        <source>Xid %1 in the kernel log: %2</source>
        <extracomment>badge colours per verdict: fixed, with white text, readable on the light and the dark theme alike</extracomment>
        <translation>Xid %1 in the kernel log: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Healthy</source>
        <translation>Healthy</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degraded</source>
        <translation>Degraded</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Faulty</source>
        <translation>Faulty</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Fix: %1</source>
        <translation>Fix: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>… and %1 more (hover for all)</source>
        <translation>… and %1 more (hover for all)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GPU health: %1</source>
        <translation>GPU health: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A GPU nvidia-smi does not list (PCI %1): %2</source>
        <translation>A GPU nvidia-smi does not list (PCI %1): %2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU at PCI %1</source>
        <translation>GPU at PCI %1</translation>
    </message>
</context>
<context>
    <name>GpuPanel</name>
    <message>
        <location filename="../../ui/gpus/panel.py" line="+42"/>
        <source>1 min</source>
        <translation>1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>10 min</source>
        <translation>10 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 h</source>
        <translation>1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>6 h</source>
        <translation>6 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>24 h</source>
        <translation>24 h</translation>
    </message>
    <message>
        <location line="+95"/>
        <location line="+314"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="-308"/>
        <source>Window:</source>
        <translation>Window:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Freeze the charts (sampling and history continue)</source>
        <translation>Freeze the charts (sampling and history continue)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History as CSV…</source>
        <translation>History as CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts as PNG…</source>
        <translation>Charts as PNG…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check environment</source>
        <translation>Check environment</translation>
    </message>
    <message>
        <location line="+45"/>
        <location line="+7"/>
        <source>Processes on the GPUs</source>
        <translation>Processes on the GPUs</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Kill…</source>
        <translation>Kill…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reading the GPUs…</source>
        <translation>Reading the GPUs…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Disconnected — the charts resume after reconnecting.</source>
        <translation>Disconnected — the charts resume after reconnecting.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 GPU(s)</source>
        <translation>%1 GPU(s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · driver %1 · CUDA %2</source>
        <translation> · driver %1 · CUDA %2</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>All GPUs are idle while the server is billed. Start your job, or stop the instance to save money.</source>
        <translation>All GPUs are idle while the server is billed. Start your job, or stop the instance to save money.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: utilization is low while most memory is free. Raise the batch size (or use more data-loader workers) to keep the GPU busy.</source>
        <translation>%1: utilization is low while most memory is free. Raise the batch size (or use more data-loader workers) to keep the GPU busy.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: memory is nearly full (OOM risk). Use a smaller batch with gradient accumulation, activation checkpointing, or mixed precision (bf16/fp16).</source>
        <translation>%1: memory is nearly full (OOM risk). Use a smaller batch with gradient accumulation, activation checkpointing, or mixed precision (bf16/fp16).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: running hot; the GPU slows its clocks to protect itself. Check the fans/airflow, or ask the provider.</source>
        <translation>%1: running hot; the GPU slows its clocks to protect itself. Check the fans/airflow, or ask the provider.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: drawing its full power limit, so clocks are capped. That is normal under full load; if speed matters, pick a GPU with a higher limit.</source>
        <translation>%1: drawing its full power limit, so clocks are capped. That is normal under full load; if speed matters, pick a GPU with a higher limit.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: idle while billed. Use them (e.g. torchrun --nproc_per_node) or rent fewer GPUs next time.</source>
        <translation>%1: idle while billed. Use them (e.g. torchrun --nproc_per_node) or rent fewer GPUs next time.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This process belongs to another user.</source>
        <translation>This process belongs to another user.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Kill process</source>
        <translation>Kill process</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop process %1 (%2)? It gets SIGTERM first, then SIGKILL after 5 s.</source>
        <translation>Stop process %1 (%2)? It gets SIGTERM first, then SIGKILL after 5 s.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Process %1 stopped.</source>
        <translation>Process %1 stopped.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not stop process %1: %2</source>
        <translation>Could not stop process %1: %2</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Environment (%1): %2 problem(s), %3 warning(s). &lt;a href=&apos;#&apos;&gt;Show report&lt;/a&gt;</source>
        <translation>Environment (%1): %2 problem(s), %3 warning(s). &lt;a href=&apos;#&apos;&gt;Show report&lt;/a&gt;</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>The environment check failed: %1</source>
        <translation>The environment check failed: %1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Checking the environment and the GPUs&apos; health (driver, CUDA, PyTorch, disk, tmux, ECC, PCIe, clocks)…</source>
        <translation>Checking the environment and the GPUs&apos; health (driver, CUDA, PyTorch, disk, tmux, ECC, PCIe, clocks)…</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The GPU health check failed: %1</source>
        <translation>The GPU health check failed: %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Export history</source>
        <translation>Export history</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export charts</source>
        <translation>Export charts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG images (*.png)</source>
        <translation>PNG images (*.png)</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <location filename="../../ui/guide/steps.py" line="+21"/>
        <source>1. Choose a GPU server</source>
        <translation>1. Choose a GPU server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The right GPU depends on your model&apos;s memory needs, not only on speed: a model that does not fit fails however fast the card is. Compare the hourly, spot and monthly prices for your expected hours before you rent.</source>
        <translation>The right GPU depends on your model&apos;s memory needs, not only on speed: a model that does not fit fails however fast the card is. Compare the hourly, spot and monthly prices for your expected hours before you rent.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>2. Log in and verify</source>
        <translation>2. Log in and verify</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste the SSH command your provider shows; the app remembers the server and keeps the password in your system keyring. The environment check then confirms the GPUs, driver, CUDA and PyTorch match, before you pay for hours of a broken setup.</source>
        <translation>Paste the SSH command your provider shows; the app remembers the server and keeps the password in your system keyring. The environment check then confirms the GPUs, driver, CUDA and PyTorch match, before you pay for hours of a broken setup.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>3. Deploy and run</source>
        <translation>3. Deploy and run</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Upload your code and data, then start training as a job: it runs in tmux on the server, so a dropped connection or a closed laptop does not kill it. The Jobs tab follows the log, plots the loss and explains known failures.</source>
        <translation>Upload your code and data, then start training as a job: it runs in tmux on the server, so a dropped connection or a closed laptop does not kill it. The Jobs tab follows the log, plots the loss and explains known failures.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>4. Collect results and release</source>
        <translation>4. Collect results and release</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download checkpoints and outputs, with the log and command archived so the run can be reproduced. Then stop or terminate the server: a forgotten instance keeps billing by the hour.</source>
        <translation>Download checkpoints and outputs, with the log and command archived so the run can be reproduced. Then stop or terminate the server: a forgotten instance keeps billing by the hour.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Environment conflicts</source>
        <translation>Environment conflicts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep each project in its own conda env or venv and pick it in the job form. Install the PyTorch build that matches the driver&apos;s CUDA version (the environment check shows both).</source>
        <translation>Keep each project in its own conda env or venv and pick it in the job form. Install the PyTorch build that matches the driver&apos;s CUDA version (the environment check shows both).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out of memory</source>
        <translation>Out of memory</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA out of memory: smaller batch, gradient accumulation, gradient checkpointing, mixed precision, or split the model (FSDP/DeepSpeed). &quot;Killed&quot; with no Python error means host RAM ran out: fewer DataLoader workers.</source>
        <translation>CUDA out of memory: smaller batch, gradient accumulation, gradient checkpointing, mixed precision, or split the model (FSDP/DeepSpeed). &quot;Killed&quot; with no Python error means host RAM ran out: fewer DataLoader workers.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Network latency</source>
        <translation>Network latency</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a region near you for interactive work; upload many small files as one archive; run long work as a job so a slow or dropped link does not matter. Multi-node training needs fast links between nodes (RDMA/InfiniBand), not to you.</source>
        <translation>Pick a region near you for interactive work; upload many small files as one archive; run long work as a job so a slow or dropped link does not matter. Multi-node training needs fast links between nodes (RDMA/InfiniBand), not to you.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing traps</source>
        <translation>Billing traps</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing runs while the server is on, even idle; a stopped instance may still bill for its disk. Spot instances can be taken away: save checkpoints often. Watch the cost bar and set an idle policy.</source>
        <translation>Billing runs while the server is on, even idle; a stopped instance may still bill for its disk. Spot instances can be taken away: save checkpoints often. Watch the cost bar and set an idle policy.</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <location filename="../../ui/catalog/guide.py" line="+15"/>
        <source>Teach a model new things: train or fine-tune it</source>
        <translation>Teach a model new things: train or fine-tune it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a model that is already trained (chat, API, batch answers)</source>
        <translation>Run a model that is already trained (chat, API, batch answers)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Render 3D scenes or transcode video</source>
        <translation>Render 3D scenes or transcode video</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a simulation (GROMACS, OpenFOAM, other HPC codes)</source>
        <translation>Run a simulation (GROMACS, OpenFOAM, other HPC codes)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Help me choose</source>
        <translation>Help me choose</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;1. What will the GPU do?&lt;/b&gt;</source>
        <translation>&lt;b&gt;1. What will the GPU do?&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>2. Which model?</source>
        <translation>2. Which model?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>its name, e.g. meta-llama/Llama-3-8B-Instruct, or a size like 13B</source>
        <translation>its name, e.g. meta-llama/Llama-3-8B-Instruct, or a size like 13B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change all its weights (full fine-tune: best, needs the most memory)</source>
        <translation>Change all its weights (full fine-tune: best, needs the most memory)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a small adapter (LoRA: far less memory, usually enough)</source>
        <translation>Add a small adapter (LoRA: far less memory, usually enough)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make it fit the cheapest GPU (4-bit weights: QLoRA for training)</source>
        <translation>Make it fit the cheapest GPU (4-bit weights: QLoRA for training)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>3. For how long?</source>
        <translation>3. For how long?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> h a day</source>
        <translation> h a day</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> days</source>
        <translation> days</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hours a day</source>
        <translation>Hours a day</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days</source>
        <translation>Days</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Not sure? Leave it empty: a 7B model is assumed.</source>
        <translation>Not sure? Leave it empty: a 7B model is assumed.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No size found in that name; a 7B model is assumed. Sizes look like 7B or 70B.</source>
        <translation>No size found in that name; a 7B model is assumed. Sizes look like 7B or 70B.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≈%1 parameters</source>
        <translation>≈%1 parameters</translation>
    </message>
</context>
<context>
    <name>GuidePanel</name>
    <message>
        <location filename="../../ui/guide/panel.py" line="+119"/>
        <source>From zero to a trained model in four steps</source>
        <translation>From zero to a trained model in four steps</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>When something goes wrong</source>
        <translation>When something goes wrong</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>A server is saved.</source>
        <translation>A server is saved.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pick a GPU and a price plan.</source>
        <translation>Pick a GPU and a price plan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected.</source>
        <translation>Connected.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Connect and check the environment.</source>
        <translation>Connect and check the environment.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A job has run on the server.</source>
        <translation>A job has run on the server.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Upload your project and start a job.</source>
        <translation>Upload your project and start a job.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results collected. Release the server when you are done.</source>
        <translation>Results collected. Release the server when you are done.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Download results, then release the server.</source>
        <translation>Download results, then release the server.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 of 4 steps done. Next: %2</source>
        <translation>%1 of 4 steps done. Next: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All four steps done.</source>
        <translation>All four steps done.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Asking the providers whether a server launched from gpudesk still runs…</source>
        <translation>Asking the providers whether a server launched from gpudesk still runs…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The providers confirm: nothing launched from gpudesk is running (%1).</source>
        <translation>The providers confirm: nothing launched from gpudesk is running (%1).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 could not be asked: %2</source>
        <translation>%1 could not be asked: %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Still billing at the provider: %1.</source>
        <translation>Still billing at the provider: %1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing of yours is billing any more.</source>
        <translation>Nothing of yours is billing any more.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open the planner</source>
        <translation>Open the planner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>I have a server: add it…</source>
        <translation>I have a server: add it…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New session…</source>
        <translation>New session…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Try the demo server</source>
        <translation>Try the demo server</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the environment check</source>
        <translation>Show the environment check</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run a job</source>
        <translation>Run a job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Upload files</source>
        <translation>Upload files</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect results</source>
        <translation>Collect results</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release the server</source>
        <translation>Release the server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check with the providers</source>
        <translation>Check with the providers</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Still running at the provider, launched from gpudesk: %1. Stop or terminate it with Costs ▸ Stop this server… in its session&apos;s cost bar, or in Providers.</source>
        <translation>Still running at the provider, launched from gpudesk: %1. Stop or terminate it with Costs ▸ Stop this server… in its session&apos;s cost bar, or in Providers.</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Billing now: compute %1 + storage %2 (%3). Stop or delete it in Providers.</source>
        <translation>Billing now: compute %1 + storage %2 (%3). Stop or delete it in Providers.</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Connect to a server first (step 2).</source>
        <translation>Connect to a server first (step 2).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Pick a job in the Jobs tab first.</source>
        <translation>Pick a job in the Jobs tab first.</translation>
    </message>
</context>
<context>
    <name>Handoff</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-113"/>
        <source>&apos;{path}&apos; is not an absolute remote folder.</source>
        <translation>&apos;{path}&apos; is not an absolute remote folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown tool &apos;{tool}&apos;: use code, cursor, windsurf or terminal.</source>
        <translation>Unknown tool &apos;{tool}&apos;: use code, cursor, windsurf or terminal.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{alias}&apos; is not a safe ssh host name.</source>
        <translation>&apos;{alias}&apos; is not a safe ssh host name.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No terminal program was found (x-terminal-emulator, gnome-terminal, konsole, xterm). Run: {command}</source>
        <translation>No terminal program was found (x-terminal-emulator, gnome-terminal, konsole, xterm). Run: {command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} was not found on this computer (its &apos;{command}&apos; command is not on PATH). Install it with its Remote - SSH extension, or choose another tool.</source>
        <translation>{tool} was not found on this computer (its &apos;{command}&apos; command is not on PATH). Install it with its Remote - SSH extension, or choose another tool.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No program opens {uri} here.</source>
        <translation>No program opens {uri} here.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} could not be started: {error}</source>
        <translation>{tool} could not be started: {error}</translation>
    </message>
    <message>
        <location line="+294"/>
        <source>The path {path} holds a quote or a control character.</source>
        <translation>The path {path} holds a quote or a control character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{value}&apos; cannot be written to an ssh config safely.</source>
        <translation>&apos;{value}&apos; cannot be written to an ssh config safely.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand uses a %-token other than %h, %p, %r.</source>
        <translation>The ProxyCommand uses a %-token other than %h, %p, %r.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenSSH has no {kind} proxy setting of its own; this session is reached only through gpudesk.</source>
        <translation>OpenSSH has no {kind} proxy setting of its own; this session is reached only through gpudesk.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} cannot be read ({error}); it was left as it is.</source>
        <translation>{path} cannot be read ({error}); it was left as it is.</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>gpudesk has not trusted this server&apos;s host key yet, so OpenSSH will refuse it: connect once in gpudesk and trust the key, then open it again.</source>
        <translation>gpudesk has not trusted this server&apos;s host key yet, so OpenSSH will refuse it: connect once in gpudesk and trust the key, then open it again.</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>This session does not use a key kept in the keyring.</source>
        <translation>This session does not use a key kept in the keyring.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No SSH agent is running (SSH_AUTH_SOCK is not set). Start one (eval $(ssh-agent)) or use a key file.</source>
        <translation>No SSH agent is running (SSH_AUTH_SOCK is not set). Start one (eval $(ssh-agent)) or use a key file.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The keyring holds no key for this session.</source>
        <translation>The keyring holds no key for this session.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stored key could not be read (a passphrase is needed, or it is not an OpenSSH/PEM key).</source>
        <translation>The stored key could not be read (a passphrase is needed, or it is not an OpenSSH/PEM key).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The agent lifetime must be between 1 minute and 7 days.</source>
        <translation>The agent lifetime must be between 1 minute and 7 days.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add is not installed (it comes with the OpenSSH client).</source>
        <translation>ssh-add is not installed (it comes with the OpenSSH client).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add did not answer within 30 s.</source>
        <translation>ssh-add did not answer within 30 s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add refused the key: {error}</source>
        <translation>ssh-add refused the key: {error}</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location line="-305"/>
        <source>Benchmark {figure}: {measured} {unit} measured, {expected} expected for this GPU ({pct:.0f} %).</source>
        <translation>Benchmark {figure}: {measured} {unit} measured, {expected} expected for this GPU ({pct:.0f} %).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This GPU is well under its class: ask the provider for another one, or a refund.</source>
        <translation>This GPU is well under its class: ask the provider for another one, or a refund.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link reached only Gen{gen} x{width} of Gen{gen_max} x{width_max} under the benchmark&apos;s load: data moves to and from the GPU slower than it should.</source>
        <translation>PCIe link reached only Gen{gen} x{width} of Gen{gen_max} x{width_max} under the benchmark&apos;s load: data moves to and from the GPU slower than it should.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to reseat the GPU or move you to another host (a riser or a slot wired for fewer lanes does this).</source>
        <translation>Ask the provider to reseat the GPU or move you to another host (a riser or a slot wired for fewer lanes does this).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi -q gave nothing to judge (exit code {rc}): {words}</source>
        <translation>nvidia-smi -q gave nothing to judge (exit code {rc}): {words}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no output</source>
        <translation>no output</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read with {tool}: {n} Xid line(s) in the last 24 h.</source>
        <translation>Read with {tool}: {n} Xid line(s) in the last 24 h.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel log is not readable for this user ({words}); Xid errors could not be checked. Log in as root to check them.</source>
        <translation>The kernel log is not readable for this user ({words}); Xid errors could not be checked. Log in as root to check them.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Faulty: not the GPU you paid for. Ask the provider for a refund; terminate the instance and rent the next best offer.</source>
        <translation>Faulty: not the GPU you paid for. Ask the provider for a refund; terminate the instance and rent the next best offer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degraded: the GPU works, but slower or less safely than it should. Read the findings; if the provider cannot fix it soon, terminate and rent another.</source>
        <translation>Degraded: the GPU works, but slower or less safely than it should. Read the findings; if the provider cannot fix it soon, terminate and rent another.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown: no problem found, but some signals could not be read (see below). Check again under load or as root.</source>
        <translation>Unknown: no problem found, but some signals could not be read (see below). Check again under load or as root.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Healthy: no hardware problem found.</source>
        <translation>Healthy: no hardware problem found.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider for a refund; terminate the instance and rent the next best offer.</source>
        <translation>Ask the provider for a refund; terminate the instance and rent the next best offer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link: could not be read</source>
        <translation>PCIe link: could not be read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link runs at Gen{gen} x{width} of Gen{gen_max} x{width_max} while the GPU is not idle: data moves to and from the GPU slower than it should.</source>
        <translation>PCIe link runs at Gen{gen} x{width} of Gen{gen_max} x{width_max} while the GPU is not idle: data moves to and from the GPU slower than it should.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link: Gen{gen} x{width} of Gen{gen_max} x{width_max} while idle (normal power saving); it is judged only under load</source>
        <translation>PCIe link: Gen{gen} x{width} of Gen{gen_max} x{width_max} while idle (normal power saving); it is judged only under load</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clock event reasons: not reported</source>
        <translation>Clock event reasons: not reported</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clock event reasons: could not be read</source>
        <translation>Clock event reasons: could not be read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU slows its clocks because it is too hot.</source>
        <translation>The GPU slows its clocks because it is too hot.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to check the cooling (fans, airflow, the room).</source>
        <translation>Ask the provider to check the cooling (fans, airflow, the room).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW Power Brake is active: the server&apos;s power supply told the GPU to slow down.</source>
        <translation>HW Power Brake is active: the server&apos;s power supply told the GPU to slow down.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to check the power supplies of this server, or move to another host.</source>
        <translation>Ask the provider to check the power supplies of this server, or move to another host.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW Slowdown is active: the GPU runs at a fraction of its clock speed.</source>
        <translation>HW Slowdown is active: the GPU runs at a fraction of its clock speed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to fix it or move you to another host; jobs will run much slower.</source>
        <translation>Ask the provider to fix it or move you to another host; jobs will run much slower.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SM clock {sm} MHz of {sm_max} MHz while the GPU is not idle.</source>
        <translation>SM clock {sm} MHz of {sm_max} MHz while the GPU is not idle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider why the clocks are held down (power cap, slowdown, clock settings).</source>
        <translation>Ask the provider why the clocks are held down (power cap, slowdown, clock settings).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC error counters: could not be read</source>
        <translation>ECC error counters: could not be read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} uncorrectable ECC memory error(s) since the last reset.</source>
        <translation>{n} uncorrectable ECC memory error(s) since the last reset.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} uncorrectable ECC memory error(s) over the GPU&apos;s life (none since the last reset).</source>
        <translation>{n} uncorrectable ECC memory error(s) over the GPU&apos;s life (none since the last reset).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch for new errors; if jobs crash with memory errors, ask for another GPU.</source>
        <translation>Watch for new errors; if jobs crash with memory errors, ask for another GPU.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Many corrected ECC memory errors: {vc} since the last reset, {ac} over the GPU&apos;s life.</source>
        <translation>Many corrected ECC memory errors: {vc} since the last reset, {ac} over the GPU&apos;s life.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The memory is wearing out; ask the provider for another GPU for long jobs.</source>
        <translation>The memory is wearing out; ask the provider for another GPU for long jobs.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retired pages / remapped rows: could not be read</source>
        <translation>Retired pages / remapped rows: could not be read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory pages are waiting to be retired ({n} retired after double-bit errors so far): the GPU has had uncorrectable memory errors and needs a reset.</source>
        <translation>Memory pages are waiting to be retired ({n} retired after double-bit errors so far): the GPU has had uncorrectable memory errors and needs a reset.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row remapping failed: the GPU has run out of spare memory rows.</source>
        <translation>Row remapping failed: the GPU has run out of spare memory rows.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A memory row remap is pending ({unc} row(s) remapped after uncorrectable errors): the GPU needs a reset to apply it.</source>
        <translation>A memory row remap is pending ({unc} row(s) remapped after uncorrectable errors): the GPU needs a reset to apply it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to reset the GPU (or reboot the server) before long jobs.</source>
        <translation>Ask the provider to reset the GPU (or reboot the server) before long jobs.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Persistence mode is off: every nvidia-smi call re-initialises the GPU (slow first calls).</source>
        <translation>Persistence mode is off: every nvidia-smi call re-initialises the GPU (slow first calls).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &apos;sudo nvidia-smi -pm 1&apos; (as root), or ask the provider to enable it.</source>
        <translation>Run &apos;sudo nvidia-smi -pm 1&apos; (as root), or ask the provider to enable it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MIG is on: the GPU is split into instances; a job sees only its slice.</source>
        <translation>MIG is on: the GPU is split into instances; a job sees only its slice.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>If you rented the whole GPU, ask the provider to disable MIG (&apos;nvidia-smi -mig 0&apos;).</source>
        <translation>If you rented the whole GPU, ask the provider to disable MIG (&apos;nvidia-smi -mig 0&apos;).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The provider said {claim}; the server has {name}.</source>
        <translation>The provider said {claim}; the server has {name}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{got:.0f} GB of GPU memory where {want:.0f} GB were promised.</source>
        <translation>{got:.0f} GB of GPU memory where {want:.0f} GB were promised.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time unknown</source>
        <translation>time unknown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{m:.0f} min ago</source>
        <translation>{m:.0f} min ago</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{h:.0f} h ago</source>
        <translation>{h:.0f} h ago</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xid {code} ({count}× in the kernel log, last {ago}): {meaning}. Last line: {text}</source>
        <translation>Xid {code} ({count}× in the kernel log, last {ago}): {meaning}. Last line: {text}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Usually the program&apos;s own bug (a bad memory access): check your code.</source>
        <translation>Usually the program&apos;s own bug (a bad memory access): check your code.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch for repeats; if they come back under load, ask the provider for another GPU.</source>
        <translation>Watch for repeats; if they come back under load, ask the provider for another GPU.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi cannot reach this GPU: {words}</source>
        <translation>nvidia-smi cannot reach this GPU: {words}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU name: could not be read</source>
        <translation>GPU name: could not be read</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel log (Xid errors): not readable</source>
        <translation>Kernel log (Xid errors): not readable</translation>
    </message>
</context>
<context>
    <name>IdlePrompt</name>
    <message>
        <location filename="../../ui/billing/prompt.py" line="+43"/>
        <location line="+50"/>
        <source>Stop now</source>
        <translation>Stop now</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Keep 1 h</source>
        <translation>Keep 1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep until job ends</source>
        <translation>Keep until job ends</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dismiss (keep running, ask again later)</source>
        <translation>Dismiss (keep running, ask again later)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>price unknown</source>
        <translation>price unknown</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPU idle for %1 min, %2</source>
        <translation>GPU idle for %1 min, %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget reached for %1</source>
        <translation>Budget reached for %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Today&apos;s budget reached for %1</source>
        <translation>Today&apos;s budget reached for %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to stop %1</source>
        <translation>Time to stop %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job on %1 has ended</source>
        <translation>The job on %1 has ended</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>%1 is still billing at %2.</source>
        <translation>%1 is still billing at %2.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gpudesk has no provider API for this server: stop it in your provider&apos;s console.</source>
        <translation>gpudesk has no provider API for this server: stop it in your provider&apos;s console.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The automatic terminate failed: %1</source>
        <translation>The automatic terminate failed: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic stop failed: %1</source>
        <translation>The automatic stop failed: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Terminate now</source>
        <translation>Terminate now</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>I stopped it</source>
        <translation>I stopped it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop metering: you released the server in your provider&apos;s console.</source>
        <translation>Stop metering: you released the server in your provider&apos;s console.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(an editor is still open on the server, past its limit for an idle GPU)</source>
        <translation>(an editor is still open on the server, past its limit for an idle GPU)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No automatic action: gpudesk will keep reminding you.</source>
        <translation>No automatic action: gpudesk will keep reminding you.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Trying again automatically in %1 unless you answer.</source>
        <translation>Trying again automatically in %1 unless you answer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminating</source>
        <translation>Terminating</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stopping</source>
        <translation>Stopping</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 automatically in %2 unless you answer.</source>
        <translation>%1 automatically in %2 unless you answer.</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../ui/importer/dialog.py" line="+23"/>
        <source>Detect automatically</source>
        <translation>Detect automatically</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GBK (Chinese Windows)</source>
        <translation>GBK (Chinese Windows)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Windows-1252 (Western Windows)</source>
        <translation>Windows-1252 (Western Windows)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>OpenSSH config (~/.ssh/config)</source>
        <translation>OpenSSH config (~/.ssh/config)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MobaXterm (.mxtsessions, MobaXterm.ini)</source>
        <translation>MobaXterm (.mxtsessions, MobaXterm.ini)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xshell (.xsh files or a folder of them)</source>
        <translation>Xshell (.xsh files or a folder of them)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PuTTY (.reg export of its sessions)</source>
        <translation>PuTTY (.reg export of its sessions)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Import sessions</source>
        <translation>Import sessions</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Duplicates (same host, port and user):</source>
        <translation>Duplicates (same host, port and user):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip them</source>
        <translation>Skip them</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge into the saved session (adds key, jump host)</source>
        <translation>Merge into the saved session (adds key, jump host)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folders:</source>
        <translation>Folders:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Messages:</source>
        <translation>Messages:</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Import from:</source>
        <translation>Import from:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Text encoding:</source>
        <translation>Text encoding:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MobaXterm and older Xshell files use the Windows code page; pick it if names look garbled.</source>
        <translation>MobaXterm and older Xshell files use the Windows code page; pick it if names look garbled.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Add files…</source>
        <translation>Add files…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Choose files to import</source>
        <translation>Choose files to import</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose the Xshell sessions folder</source>
        <translation>Choose the Xshell sessions folder</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>Reading %n file(s)…</numerusform>
            <numerusform>Reading %n file(s)…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not imported: %1</source>
        <translation>Not imported: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select a session to read all its notes.</source>
        <translation>Select a session to read all its notes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing to note for this session.</source>
        <translation>Nothing to note for this session.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose the format and add the files (or, for Xshell, the sessions folder).</source>
        <translation>Choose the format and add the files (or, for Xshell, the sessions folder).</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n to create</source>
        <translation>
            <numerusform>%n to create</numerusform>
            <numerusform>%n to create</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n to merge</source>
        <translation>
            <numerusform>%n to merge</numerusform>
            <numerusform>%n to merge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n skipped</source>
        <translation>
            <numerusform>%n skipped</numerusform>
            <numerusform>%n skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n non-SSH entries left out</source>
        <translation>
            <numerusform>%n non-SSH entries left out</numerusform>
            <numerusform>%n non-SSH entries left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n file(s) cannot be imported (see Messages)</source>
        <translation>
            <numerusform>%n file(s) cannot be imported (see Messages)</numerusform>
            <numerusform>%n file(s) cannot be imported (see Messages)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Import %n session(s)</source>
        <translation>
            <numerusform>Import %n session(s)</numerusform>
            <numerusform>Import %n session(s)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was imported</source>
        <translation>Nothing was imported</translation>
    </message>
</context>
<context>
    <name>JobDetail</name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="+75"/>
        <source>No job selected</source>
        <translation>No job selected</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run a job, or pick one on the left. Jobs keep running on the server when you disconnect.</source>
        <translation>Run a job, or pick one on the left. Jobs keep running on the server when you disconnect.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · exit code %1</source>
        <translation> · exit code %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>started %1</source>
        <translation>started %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ran %1</source>
        <translation>ran %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cost %1</source>
        <translation>cost %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>ETA %1</source>
        <translation>ETA %1</translation>
    </message>
</context>
<context>
    <name>JobError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+34"/>
        <source>The job&apos;s working folder {path} is gone on the server.</source>
        <translation>The job&apos;s working folder {path} is gone on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a job id.</source>
        <translation>&apos;{id}&apos; is not a job id.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading the results failed: {error}.</source>
        <translation>Downloading the results failed: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading the results failed: tar exit code {code}.</source>
        <translation>Downloading the results failed: tar exit code {code}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job has no command.</source>
        <translation>The job has no command.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a valid job id (letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;).</source>
        <translation>&apos;{id}&apos; is not a valid job id (letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job could not start: {error}.</source>
        <translation>The job could not start: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job could not start: exit code {code}.</source>
        <translation>The job could not start: exit code {code}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job started but its folder cannot be read back.</source>
        <translation>The job started but its folder cannot be read back.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list the jobs: {error}.</source>
        <translation>Could not list the jobs: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list the jobs: exit code {code}.</source>
        <translation>Could not list the jobs: exit code {code}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a job id. See &apos;gpudesk jobs list&apos;.</source>
        <translation>&apos;{id}&apos; is not a job id. See &apos;gpudesk jobs list&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No log for job {id}: is the id right? See &apos;gpudesk jobs list&apos;.</source>
        <translation>No log for job {id}: is the id right? See &apos;gpudesk jobs list&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no such job</source>
        <translation>no such job</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not stop job {id}: {error}.</source>
        <translation>Could not stop job {id}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not remove job {id}: {error}.</source>
        <translation>Could not remove job {id}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{name}&apos; is not a valid environment variable name</source>
        <translation>&apos;{name}&apos; is not a valid environment variable name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which script to run (e.g. train.py).</source>
        <translation>Say which script to run (e.g. train.py).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A multi-node job needs at least two servers.</source>
        <translation>A multi-node job needs at least two servers.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TensorBoard did not start (exit code {code}).</source>
        <translation>TensorBoard did not start (exit code {code}).</translation>
    </message>
</context>
<context>
    <name>Jobs</name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="-141"/>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost (not running, no exit code)</source>
        <translation>lost (not running, no exit code)</translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message>
        <location filename="../../ui/jobs/panel.py" line="+39"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>Duration</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit</source>
        <translation>Exit</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run a job…</source>
        <translation>Run a job…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run again…</source>
        <translation>Run again…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collect results…</source>
        <translation>Collect results…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TensorBoard</source>
        <translation>TensorBoard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start TensorBoard on the server for this job&apos;s log folder and open it here</source>
        <translation>Start TensorBoard on the server for this job&apos;s log folder and open it here</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete this finished job&apos;s folder on the server</source>
        <translation>Delete this finished job&apos;s folder on the server</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Refresh the job list</source>
        <translation>Refresh the job list</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric regex…</source>
        <translation>Metric regex…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own regular expression for metrics in the log</source>
        <translation>Your own regular expression for metrics in the log</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No jobs on this server yet.

A job runs in tmux on the server: it keeps running when your connection drops or this app closes, and its log and exit code are kept.</source>
        <translation>No jobs on this server yet.

A job runs in tmux on the server: it keeps running when your connection drops or this app closes, and its log and exit code are kept.</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Connection lost. Jobs keep running on the server; the list and logs come back when you reconnect.</source>
        <translation>Connection lost. Jobs keep running on the server; the list and logs come back when you reconnect.</translation>
    </message>
    <message>
        <location line="+132"/>
        <source>… the first %1 MB of this log are not shown …
</source>
        <translation>… the first %1 MB of this log are not shown …
</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Job %1 %2 after %3</source>
        <translation>Job %1 %2 after %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (exit code %1)</source>
        <translation> (exit code %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · cost %1</source>
        <translation> · cost %1</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Starting %1…</source>
        <translation>Starting %1…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>in tmux (watch it live in a terminal: %1)</source>
        <translation>in tmux (watch it live in a terminal: %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>with nohup (no tmux on this server)</source>
        <translation>with nohup (no tmux on this server)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started %1 %2. It keeps running if the connection drops.</source>
        <translation>Started %1 %2. It keeps running if the connection drops.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop job</source>
        <translation>Stop job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop %1? Its processes get SIGTERM (SIGKILL after 10 s).</source>
        <translation>Stop %1? Its processes get SIGTERM (SIGKILL after 10 s).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove job</source>
        <translation>Remove job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete the log and record of %1 on the server?</source>
        <translation>Delete the log and record of %1 on the server?</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Metric regex</source>
        <translation>Metric regex</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A regular expression for your log&apos;s metrics. Named groups become series; (?P&lt;step&gt;…) is the step.
Example: reward=(?P&lt;reward&gt;[-\d.]+)</source>
        <translation>A regular expression for your log&apos;s metrics. Named groups become series; (?P&lt;step&gt;…) is the step.
Example: reward=(?P&lt;reward&gt;[-\d.]+)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That regex does not compile: %1</source>
        <translation>That regex does not compile: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting TensorBoard for %1…</source>
        <translation>Starting TensorBoard for %1…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TensorBoard runs on the server&apos;s port %1; it opens in your browser (see Forwards).</source>
        <translation>TensorBoard runs on the server&apos;s port %1; it opens in your browser (see Forwards).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>TensorBoard: http://127.0.0.1:%1/</source>
        <translation>TensorBoard: http://127.0.0.1:%1/</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+88"/>
        <source>{provider} has not shown instance {id} for {n:g} min since it was rented. It may still exist and bill: destroy it (or check the provider&apos;s console) before renting again.</source>
        <translation>{provider} has not shown instance {id} for {n:g} min since it was rented. It may still exist and bill: destroy it (or check the provider&apos;s console) before renting again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} is finding a machine for instance {id}…</source>
        <translation>{provider} is finding a machine for instance {id}…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} is starting ({status}); no SSH address yet…</source>
        <translation>Instance {id} is starting ({status}); no SSH address yet…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers on {host}:{port} but does not take gpudesk&apos;s key yet (the server is still setting up); waiting…</source>
        <translation>SSH answers on {host}:{port} but does not take gpudesk&apos;s key yet (the server is still setting up); waiting…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} has the address {host}:{port}; waiting for SSH to answer…</source>
        <translation>Instance {id} has the address {host}:{port}; waiting for SSH to answer…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Logged in on {host}:{port} with gpudesk&apos;s key.</source>
        <translation>Logged in on {host}:{port} with gpudesk&apos;s key.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers on {host}:{port}.</source>
        <translation>SSH answers on {host}:{port}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the provider never found a machine for it</source>
        <translation>the provider never found a machine for it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never got an SSH address</source>
        <translation>it never got an SSH address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing answered SSH on {host}:{port}</source>
        <translation>nothing answered SSH on {host}:{port}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH on {host}:{port} never accepted gpudesk&apos;s key</source>
        <translation>SSH on {host}:{port} never accepted gpudesk&apos;s key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never became usable</source>
        <translation>it never became usable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n:g} s</source>
        <translation>{n:g} s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n:g} min</source>
        <translation>{n:g} min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} at {provider} was not usable after {waited}: {where}. It is rented and may be billing: terminate it unless you want to wait longer.</source>
        <translation>Instance {id} at {provider} was not usable after {waited}: {where}. It is rented and may be billing: terminate it unless you want to wait longer.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stopped before renting: nothing was rented.</source>
        <translation>Stopped before renting: nothing was rented.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} was asked to end instance {id} but still lists it: it may bill.</source>
        <translation>{provider} was asked to end instance {id} but still lists it: it may bill.</translation>
    </message>
</context>
<context>
    <name>Link</name>
    <message>
        <location line="-108"/>
        <source>Reconnecting was stopped.</source>
        <translation>Reconnecting was stopped.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnected: {count} tries to reconnect failed.</source>
        <translation>Disconnected: {count} tries to reconnect failed.</translation>
    </message>
</context>
<context>
    <name>LogView</name>
    <message>
        <location filename="../../ui/jobs/log_view.py" line="+31"/>
        <source>Job log</source>
        <translation>Job log</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Follow</source>
        <translation>Follow</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the newest lines in view</source>
        <translation>Keep the newest lines in view</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Search the log</source>
        <translation>Search the log</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Search the log (Enter: next, %1: previous)</source>
        <translation>Search the log (Enter: next, %1: previous)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search the log (Enter: next)</source>
        <translation>Search the log (Enter: next)</translation>
    </message>
    <message numerus="yes">
        <location line="+72"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match(es)</numerusform>
            <numerusform>%n match(es)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoginLine</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+144"/>
        <source>{reason} Paste the SSH login your provider shows, for example: {examples}</source>
        <translation>{reason} Paste the SSH login your provider shows, for example: {examples}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The quick connect box is empty.</source>
        <translation>The quick connect box is empty.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This text is too long to be a login line ({count} characters).</source>
        <translation>This text is too long to be a login line ({count} characters).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The text holds a line break or another control character.</source>
        <translation>The text holds a line break or another control character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is a web address, not an SSH login.</source>
        <translation>This is a web address, not an SSH login.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A quote in the text is not closed.</source>
        <translation>A quote in the text is not closed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is not a login line.</source>
        <translation>This is not a login line.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The option -{flag} has no value.</source>
        <translation>The option -{flag} has no value.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the login is used: remove &apos;{word}&apos; after the address.</source>
        <translation>Only the login is used: remove &apos;{word}&apos; after the address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No server address found in the text.</source>
        <translation>No server address found in the text.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The user name before &apos;@&apos; is empty.</source>
        <translation>The user name before &apos;@&apos; is empty.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{address}&apos; is not a server address.</source>
        <translation>&apos;{address}&apos; is not a server address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{address}&apos; is not an IPv6 address.</source>
        <translation>&apos;{address}&apos; is not an IPv6 address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{user}&apos; is not a user name.</source>
        <translation>&apos;{user}&apos; is not a user name.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No server address found in the ssh:// address.</source>
        <translation>No server address found in the ssh:// address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An ssh:// address has no path: ssh://user@host:port.</source>
        <translation>An ssh:// address has no path: ssh://user@host:port.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The port in the address is not a number between 1 and 65535.</source>
        <translation>The port in the address is not a number between 1 and 65535.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a port number.</source>
        <translation>&apos;{text}&apos; is not a port number.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port must be between 1 and 65535, not {port}.</source>
        <translation>Port must be between 1 and 65535, not {port}.</translation>
    </message>
</context>
<context>
    <name>LossChart</name>
    <message>
        <location filename="../../ui/jobs/chart.py" line="+27"/>
        <location line="+73"/>
        <source>log entry</source>
        <translation>log entry</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+1"/>
        <source>Which metric to plot</source>
        <translation>Which metric to plot</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Log scale</source>
        <translation>Log scale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A logarithmic loss axis: late, small improvements stay visible</source>
        <translation>A logarithmic loss axis: late, small improvements stay visible</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No loss found in the log yet.</source>
        <translation>No loss found in the log yet.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metrics</source>
        <translation>Metrics</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>All losses</source>
        <translation>All losses</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>step</source>
        <translation>step</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../ui/main_window.py" line="+113"/>
        <location line="+197"/>
        <location line="+11"/>
        <location line="+1"/>
        <source>Not connected</source>
        <extracomment>the panels :meth:`MainWindow.show_panel` brings forward, by name every open server, live (views read it; the tabs below are its views)</extracomment>
        <translation>Not connected</translation>
    </message>
    <message>
        <location line="-198"/>
        <source>No system keyring found: passwords will be asked for each time, not saved.</source>
        <translation>No system keyring found: passwords will be asked for each time, not saved.</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+23"/>
        <source>Main</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="+51"/>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <source>New session</source>
        <translation>New session</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <location line="+75"/>
        <source>New session…</source>
        <translation>New session…</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open the demo server</source>
        <translation>Open the demo server</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import sessions…</source>
        <translation>Import sessions…</translation>
    </message>
    <message>
        <location filename="../../ui/quit_guard.py" line="+40"/>
        <location filename="../../ui/window_chrome.py" line="+2"/>
        <source>Quit gpudesk</source>
        <translation>Quit gpudesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+9"/>
        <source>Quick connect: paste &quot;ssh -p 34567 root@host&quot; and press Enter</source>
        <translation>Quick connect: paste &quot;ssh -p 34567 root@host&quot; and press Enter</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Quick connect</source>
        <translation>Quick connect</translation>
    </message>
    <message>
        <location filename="../../ui/pages.py" line="+32"/>
        <source>Catalog</source>
        <extracomment>the class each page is built from the &quot;module:Class&quot; names tests and the screenshot scripts still open pages by (``MainWindow.open_page``)</extracomment>
        <translation>Catalog</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Providers</source>
        <translation>Providers</translation>
    </message>
    <message>
        <location filename="../../ui/guide/dock.py" line="+28"/>
        <location filename="../../ui/window_chrome.py" line="+5"/>
        <source>Guide</source>
        <translation>Guide</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Help</source>
        <translation>Help</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open log folder</source>
        <translation>Open log folder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create diagnostics bundle…</source>
        <translation>Create diagnostics bundle…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check for updates…</source>
        <translation>Check for updates…</translation>
    </message>
    <message>
        <location filename="../../ui/help_menu.py" line="+86"/>
        <location filename="../../ui/window_chrome.py" line="+3"/>
        <source>About gpudesk</source>
        <translation>About gpudesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+11"/>
        <source>Welcome to gpudesk</source>
        <translation>Welcome to gpudesk</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paste the SSH command your GPU provider shows into Quick connect above,
or double-click a saved session on the left. No server yet? Try the demo.</source>
        <translation>Paste the SSH command your GPU provider shows into Quick connect above,
or double-click a saved session on the left. No server yet? Try the demo.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Try the demo GPU server</source>
        <translation>Try the demo GPU server</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Import from MobaXterm, Xshell, PuTTY…</source>
        <translation>Import from MobaXterm, Xshell, PuTTY…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the four-step guide</source>
        <translation>Show the four-step guide</translation>
    </message>
    <message>
        <location filename="../../ui/quick_connect.py" line="+63"/>
        <source>Connecting to %1…</source>
        <translation>Connecting to %1…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.py" line="+135"/>
        <source>%n server(s) connected</source>
        <translation>
            <numerusform>%n server(s) connected</numerusform>
            <numerusform>%n server(s) connected</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected</source>
        <translation>Connected</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connection lost</source>
        <translation>Connection lost</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopped at the provider (not billing)</source>
        <translation>Stopped at the provider (not billing)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Released at the provider</source>
        <translation>Released at the provider</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+18"/>
        <source>Set up key login</source>
        <translation>Set up key login</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Create a new ed25519 key, add it to ~/.ssh/authorized_keys on %1 and log in with it from now on?
The private key is kept in the system keyring.</source>
        <translation>Create a new ed25519 key, add it to ~/.ssh/authorized_keys on %1 and log in with it from now on?
The private key is kept in the system keyring.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Key login is set up for %1.</source>
        <translation>Key login is set up for %1.</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>%1 servers</source>
        <translation>%1 servers</translation>
    </message>
    <message>
        <location filename="../../ui/help_menu.py" line="-52"/>
        <source>Save diagnostics bundle</source>
        <translation>Save diagnostics bundle</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Diagnostics bundle saved to %1 (no passwords or host names inside).</source>
        <translation>Diagnostics bundle saved to %1 (no passwords or host names inside).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Diagnostics</source>
        <translation>Diagnostics</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Updates</source>
        <translation>Updates</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gpudesk is up to date.</source>
        <translation>gpudesk is up to date.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gpudesk %1 is available.

%2

Download: %3</source>
        <translation>gpudesk %1 is available.

%2

Download: %3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>gpudesk %1
Rent, use and release cloud GPU servers from one window.</source>
        <translation>gpudesk %1
Rent, use and release cloud GPU servers from one window.</translation>
    </message>
    <message>
        <location filename="../../ui/demo_launch.py" line="+34"/>
        <source>The demo GPU server is not available on Windows: it simulates a Linux server with a POSIX shell and tools that Windows does not have. Everything else works: connect to your own server with New session, or import your sessions from MobaXterm or Xshell.</source>
        <translation>The demo GPU server is not available on Windows: it simulates a Linux server with a POSIX shell and tools that Windows does not have. Everything else works: connect to your own server with New session, or import your sessions from MobaXterm or Xshell.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Starting the demo GPU server…</source>
        <translation>Starting the demo GPU server…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Demo GPU server</source>
        <translation>Demo GPU server</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>The demo server is guarded: quit gpudesk and the demo instance stops by itself after %1 min without work.</source>
        <translation>The demo server is guarded: quit gpudesk and the demo instance stops by itself after %1 min without work.</translation>
    </message>
    <message>
        <location filename="../../ui/quit_guard.py" line="+1"/>
        <source>Still billing: %1.</source>
        <translation>Still billing: %1.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing now: compute %1 + storage %2</source>
        <translation>Billing now: compute %1 + storage %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Quitting gpudesk does not stop the bill. Stop the server first, or quit anyway: where the guard on the server is on, it stops an idle server by itself.</source>
        <translation>Quitting gpudesk does not stop the bill. Stop the server first, or quit anyway: where the guard on the server is on, it stops an idle server by itself.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop and quit</source>
        <translation>Stop and quit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit anyway</source>
        <translation>Quit anyway</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not quitting: %1</source>
        <translation>Not quitting: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stopping %1 server(s) before quitting…</source>
        <translation>Stopping %1 server(s) before quitting…</translation>
    </message>
    <message>
        <location filename="../../ui/demo_launch.py" line="-86"/>
        <location line="+60"/>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The demo server could not start: %1</source>
        <translation>The demo server could not start: %1</translation>
    </message>
</context>
<context>
    <name>MultiDashboard</name>
    <message>
        <location filename="../../ui/multi/dashboard.py" line="+17"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Util</source>
        <translation>Util</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>Memory</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost/h</source>
        <translation>Cost/h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle</source>
        <translation>Idle</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+1"/>
        <source>Not connected</source>
        <translation>Not connected</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected</source>
        <translation>Connected</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connection lost</source>
        <translation>Connection lost</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt; 1 min</source>
        <translation>&lt; 1 min</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>busy</source>
        <translation>busy</translation>
    </message>
</context>
<context>
    <name>MultiOutputs</name>
    <message>
        <location filename="../../ui/multi/outputs.py" line="+20"/>
        <source>exit %1 · %2 s</source>
        <translation>exit %1 · %2 s</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>waiting</source>
        <translation>waiting</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connecting…</source>
        <translation>connecting…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running…</source>
        <translation>running…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>timed out</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
</context>
<context>
    <name>MultiServer</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-160"/>
        <source>The connection failed: {error}.</source>
        <translation>The connection failed: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected error: {error}</source>
        <translation>Unexpected error: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command did not finish within {seconds:g} s; it was stopped.</source>
        <translation>The command did not finish within {seconds:g} s; it was stopped.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection closed before the command finished.</source>
        <translation>The connection closed before the command finished.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command ended without an exit code (was it killed by a signal?).</source>
        <translation>The command ended without an exit code (was it killed by a signal?).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{server} is not connected. Connect it first.</source>
        <translation>{server} is not connected. Connect it first.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same folder as {server} (a shared file system): one copy serves both.</source>
        <translation>Same folder as {server} (a shared file system): one copy serves both.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The upload through {server} failed: {error}</source>
        <translation>The upload through {server} failed: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create the folder {path} on the server: {error}</source>
        <translation>Could not create the folder {path} on the server: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create the folder {path} on the server.</source>
        <translation>Could not create the folder {path} on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file was already there and was skipped.</source>
        <translation>The file was already there and was skipped.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The upload stopped: the connection was lost.</source>
        <translation>The upload stopped: the connection was lost.</translation>
    </message>
</context>
<context>
    <name>MultiServerPage</name>
    <message>
        <location filename="../../ui/multi/page.py" line="+84"/>
        <source>Connect all</source>
        <translation>Connect all</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload file to all…</source>
        <translation>Upload file to all…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload folder to all…</source>
        <translation>Upload folder to all…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel upload</source>
        <translation>Cancel upload</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a server to open its own tab (terminal, files, GPUs, login questions).</source>
        <translation>Double-click a server to open its own tab (terminal, files, GPUs, login questions).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A command to run on every connected server, e.g. nvidia-smi -L</source>
        <translation>A command to run on every connected server, e.g. nvidia-smi -L</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the command on a server that takes longer than this</source>
        <translation>Stop the command on a server that takes longer than this</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run on all</source>
        <translation>Run on all</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Timeout</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uploads</source>
        <translation>Uploads</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>(deleted session)</source>
        <translation>(deleted session)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 servers · %2 connected</source>
        <translation>%1 servers · %2 connected</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Running on %1 servers…</source>
        <translation>Running on %1 servers…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Finished: %1 of %2 servers succeeded.</source>
        <translation>Finished: %1 of %2 servers succeeded.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Upload a folder to every server</source>
        <translation>Upload a folder to every server</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload a file to every server</source>
        <translation>Upload a file to every server</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+14"/>
        <source>Upload to all</source>
        <translation>Upload to all</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Folder on each server (~ is the home folder; $HOSTNAME and other variables work):</source>
        <translation>Folder on each server (~ is the home folder; $HOSTNAME and other variables work):</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Upload finished: %1 of %2 servers have the copy.</source>
        <translation>Upload finished: %1 of %2 servers have the copy.</translation>
    </message>
</context>
<context>
    <name>MultiUploads</name>
    <message>
        <location filename="../../ui/multi/uploads.py" line="+20"/>
        <source>Done: %1</source>
        <translation>Done: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 · %3/s</source>
        <translation>%1 of %2 · %3/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
</context>
<context>
    <name>NvidiaSmi</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+324"/>
        <source>nvidia-smi said: &quot;{line}&quot;. {meaning}</source>
        <translation>nvidia-smi said: &quot;{line}&quot;. {meaning}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed with exit code {code} and printed:
{output}</source>
        <translation>nvidia-smi failed with exit code {code} and printed:
{output}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi printed:
{output}</source>
        <translation>nvidia-smi printed:
{output}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi was not found on the server (exit code {code}).</source>
        <translation>nvidia-smi was not found on the server (exit code {code}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed with exit code {code} and printed nothing.</source>
        <translation>nvidia-smi failed with exit code {code} and printed nothing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The NVIDIA driver is not running, or this container was started without GPU access. Reboot the server or reinstall the driver; in Docker, start the container with --gpus all.</source>
        <translation>The NVIDIA driver is not running, or this container was started without GPU access. Reboot the server or reinstall the driver; in Docker, start the container with --gpus all.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver was updated but the old kernel module is still loaded. Reboot the server (or reload the nvidia kernel modules) so both versions match.</source>
        <translation>The driver was updated but the old kernel module is still loaded. Reboot the server (or reload the nvidia kernel modules) so both versions match.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU stopped answering (it fell off the bus). Its jobs have failed; reboot the server, and ask the provider to replace the GPU if it happens again.</source>
        <translation>A GPU stopped answering (it fell off the bus). Its jobs have failed; reboot the server, and ask the provider to replace the GPU if it happens again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver runs but sees no GPU. The instance may have no GPU attached, or the GPU is hidden from this container (CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES).</source>
        <translation>The driver runs but sees no GPU. The instance may have no GPU attached, or the GPU is hidden from this container (CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This user may not read the GPUs. Ask the administrator to add it to the video group.</source>
        <translation>This user may not read the GPUs. Ask the administrator to add it to the video group.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi is not installed on this server: it has no NVIDIA driver, or the driver&apos;s tools are not on the PATH. Install the NVIDIA driver, or pick a GPU image.</source>
        <translation>nvidia-smi is not installed on this server: it has no NVIDIA driver, or the driver&apos;s tools are not on the PATH. Install the NVIDIA driver, or pick a GPU image.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi cannot load the driver&apos;s NVML library: the NVIDIA driver is missing or only half installed. Reinstall the NVIDIA driver, then reboot the server.</source>
        <translation>nvidia-smi cannot load the driver&apos;s NVML library: the NVIDIA driver is missing or only half installed. Reinstall the NVIDIA driver, then reboot the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi is on the server but cannot be started (no permission, or a damaged file). Reinstall the NVIDIA driver.</source>
        <translation>nvidia-smi is on the server but cannot be started (no permission, or a damaged file). Reinstall the NVIDIA driver.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed (exit code {code}). Run nvidia-smi in a terminal on the server to see more.</source>
        <translation>nvidia-smi failed (exit code {code}). Run nvidia-smi in a terminal on the server to see more.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi printed something unexpected.</source>
        <translation>nvidia-smi printed something unexpected.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU sampling stopped: {error}</source>
        <translation>GPU sampling stopped: {error}</translation>
    </message>
</context>
<context>
    <name>Offers</name>
    <message>
        <location line="-675"/>
        <source>live {time} UTC</source>
        <translation>live {time} UTC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>before {date}</source>
        <translation>before {date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} dated {date}</source>
        <translation>{count} dated {date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} dated {first} to {last}</source>
        <translation>{count} dated {first} to {last}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} from undated snapshots: {label}</source>
        <translation>{count} from undated snapshots: {label}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} {label} ({providers})</source>
        <translation>{count} {label} ({providers})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No prices.</source>
        <translation>No prices.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price dates (Observed column): {parts}.</source>
        <translation>Price dates (Observed column): {parts}.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Fetched from the provider&apos;s API at {time}.</source>
        <translation>Fetched from the provider&apos;s API at {time}.</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>price suspect</source>
        <translation>price suspect</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU only (VM billed on top)</source>
        <translation>GPU only (VM billed on top)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retired</source>
        <translation>retired</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>price out of date</source>
        <translation>price out of date</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot (interruptible)</source>
        <translation>spot (interruptible)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on-demand</source>
        <translation>on-demand</translation>
    </message>
</context>
<context>
    <name>OffersModel</name>
    <message>
        <location filename="../../ui/catalog/offers_model.py" line="+13"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VRAM (GB)</source>
        <translation>VRAM (GB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price/h</source>
        <translation>Price/h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price per TFLOP-hour</source>
        <translation>Price per TFLOP-hour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Availability</source>
        <translation>Availability</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Observed</source>
        <translation>Observed</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Hourly price divided by the dense FP16/BF16 tensor TFLOPS of the whole instance (FP32 where no tensor figure is sourced)</source>
        <translation>Hourly price divided by the dense FP16/BF16 tensor TFLOPS of the whole instance (FP32 where no tensor figure is sourced)</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Source: %1
Instance: %2
%3</source>
        <translation>Source: %1
Instance: %2
%3</translation>
    </message>
</context>
<context>
    <name>OpenIn</name>
    <message>
        <location filename="../../ui/handoff_menu.py" line="+42"/>
        <source>VS Code</source>
        <translation>VS Code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cursor</source>
        <translation>Cursor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Windsurf</source>
        <translation>Windsurf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal (ssh)</source>
        <translation>Terminal (ssh)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+98"/>
        <location line="+25"/>
        <source>Open in…</source>
        <translation>Open in…</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>%1 (not installed)</source>
        <translation>%1 (not installed)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No editor or terminal was found: install VS Code, Cursor or Windsurf</source>
        <translation>No editor or terminal was found: install VS Code, Cursor or Windsurf</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 finds servers through ~/.ssh/config. gpudesk keeps its sessions in its own file and will add this one line at the top of %2:

%3

Nothing else in that file changes. You can take the line out again with: gpudesk sessions export-ssh-config --remove-include</source>
        <translation>%1 finds servers through ~/.ssh/config. gpudesk keeps its sessions in its own file and will add this one line at the top of %2:

%3

Nothing else in that file changes. You can take the line out again with: gpudesk sessions export-ssh-config --remove-include</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add gpudesk&apos;s hosts to ~/.ssh/config?</source>
        <translation>Add gpudesk&apos;s hosts to ~/.ssh/config?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This session&apos;s key is kept in gpudesk&apos;s password store. Add it to your SSH agent for one hour so %1 can log in? It goes to ssh-add through a pipe and is not written to disk.</source>
        <translation>This session&apos;s key is kept in gpudesk&apos;s password store. Add it to your SSH agent for one hour so %1 can log in? It goes to ssh-add through a pipe and is not written to disk.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the key to the SSH agent?</source>
        <translation>Add the key to the SSH agent?</translation>
    </message>
</context>
<context>
    <name>OutputColumn</name>
    <message>
        <location filename="../../ui/multi/outputs.py" line="+32"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>[output cut: only the first %1 MB is kept]</source>
        <translation>[output cut: only the first %1 MB is kept]</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <location filename="../../ui/panels.py" line="+23"/>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forwards</source>
        <translation>Forwards</translation>
    </message>
</context>
<context>
    <name>PlanTable</name>
    <message>
        <location filename="../../ui/sync/table.py" line="+23"/>
        <source>Change</source>
        <translation>Change</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Path</source>
        <translation>Path</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Only there (kept)</source>
        <translation>Only there (kept)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changed</source>
        <translation>Changed</translation>
    </message>
</context>
<context>
    <name>Planner</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-65"/>
        <source>hours</source>
        <translation>hours</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hours per day</source>
        <translation>hours per day</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>days</source>
        <translation>days</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vram gb</source>
        <translation>vram gb</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lora</source>
        <translation>lora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>qlora</source>
        <translation>qlora</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Unknown task &apos;{task}&apos;; choose one of: {tasks}.</source>
        <translation>Unknown task &apos;{task}&apos;; choose one of: {tasks}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The number of GPUs must be between 1 and 64.</source>
        <translation>The number of GPUs must be between 1 and 64.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a positive number, not {value}.</source>
        <translation>{field} must be a positive number, not {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There are only 24 hours in a day.</source>
        <translation>There are only 24 hours in a day.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4-bit weights cannot be trained directly: fine-tune with QLoRA instead (--task fine-tuning --precision int4).</source>
        <translation>4-bit weights cannot be trained directly: fine-tune with QLoRA instead (--task fine-tuning --precision int4).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU called &apos;{gpu}&apos; in the catalog. Known models: {known}.</source>
        <translation>No GPU called &apos;{gpu}&apos; in the catalog. Known models: {known}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VRAM estimate: {estimate}; {assumptions}</source>
        <translation>VRAM estimate: {estimate}; {assumptions}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog has {gpus} GPUs of that model; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</source>
        <translation>No offer in the catalog has {gpus} GPUs of that model; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog has {gpus} GPUs; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</source>
        <translation>No offer in the catalog has {gpus} GPUs; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{gpus} GPUs means {nodes} nodes: they need RDMA (InfiniBand or RoCE) between them, or training waits on the network.</source>
        <translation>{gpus} GPUs means {nodes} nodes: they need RDMA (InfiniBand or RoCE) between them, or training waits on the network.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing in the catalog fits {need:.0f} GB on one node. Use several nodes connected with RDMA/InfiniBand (--gpus 16 or more), or cut memory: LoRA/QLoRA, 4-bit weights, a shorter sequence, gradient checkpointing.</source>
        <translation>Nothing in the catalog fits {need:.0f} GB on one node. Use several nodes connected with RDMA/InfiniBand (--gpus 16 or more), or cut memory: LoRA/QLoRA, 4-bit weights, a shorter sequence, gradient checkpointing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog matches; widen the GPU filter or the GPU count.</source>
        <translation>No offer in the catalog matches; widen the GPU filter or the GPU count.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{vram:.0f} GB per GPU is less than the ≈{need:.0f} GB needed on {count} GPU(s)</source>
        <translation>{vram:.0f} GB per GPU is less than the ≈{need:.0f} GB needed on {count} GPU(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fits: {need} of {vram:.0f} GB per GPU</source>
        <translation>Fits: {need} of {vram:.0f} GB per GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no BF16 support (use FP16)</source>
        <translation>no BF16 support (use FP16)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no {precision} tensor figure in the data</source>
        <translation>no {precision} tensor figure in the data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak, scaled for multi-GPU)</source>
        <translation>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak, scaled for multi-GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak)</source>
        <translation>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tokens} tokens in {hours:g} h at {tflops:.0f} TFLOPS effective</source>
        <translation>≈{tokens} tokens in {hours:g} h at {tflops:.0f} TFLOPS effective</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink {speed:.0f} GB/s between GPUs: A100/H100-class GPUs with NVLink are the choice for multi-GPU training</source>
        <translation>NVLink {speed:.0f} GB/s between GPUs: A100/H100-class GPUs with NVLink are the choice for multi-GPU training</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No NVLink: gradients cross PCIe, so multi-GPU training scales worse (counted as 75% efficiency)</source>
        <translation>No NVLink: gradients cross PCIe, so multi-GPU training scales worse (counted as 75% efficiency)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One GPU: no gradient exchange between GPUs</source>
        <translation>One GPU: no gradient exchange between GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{nodes} nodes × {per_node} GPUs: multi-node training needs RDMA (InfiniBand/RoCE, e.g. EFA on AWS); check the instance has it</source>
        <translation>{nodes} nodes × {per_node} GPUs: multi-node training needs RDMA (InfiniBand/RoCE, e.g. EFA on AWS); check the instance has it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth per GPU)</source>
        <translation>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth per GPU)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth)</source>
        <translation>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split over {count} GPUs (tensor parallel) with NVLink</source>
        <translation>Split over {count} GPUs (tensor parallel) with NVLink</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split over {count} GPUs (tensor parallel) over PCIe</source>
        <translation>Split over {count} GPUs (tensor parallel) over PCIe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no NVENC video encoder</source>
        <translation>no NVENC video encoder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVENC count not in the data</source>
        <translation>NVENC count not in the data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{engines} NVENC engines for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</source>
        <translation>{engines} NVENC engines for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{engines} NVENC engine for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</source>
        <translation>{engines} NVENC engine for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTX 4090 with NVENC: the value pick for rendering and video transcoding</source>
        <translation>RTX 4090 with NVENC: the value pick for rendering and video transcoding</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 rate not in the data</source>
        <translation>FP64 rate not in the data</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only {tflops:g} TFLOPS FP64</source>
        <translation>only {tflops:g} TFLOPS FP64</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only {vcpus} vCPUs for {gpus} GPU(s)</source>
        <translation>only {vcpus} vCPUs for {gpus} GPU(s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{vcpus} vCPUs</source>
        <translation>{vcpus} vCPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vCPU count not listed: check it before renting</source>
        <translation>vCPU count not listed: check it before renting</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V100 with CPU cores ({cpus}): FP64 {tflops:g} TFLOPS at a low price, the classic pick for GROMACS/OpenFOAM</source>
        <translation>V100 with CPU cores ({cpus}): FP64 {tflops:g} TFLOPS at a low price, the classic pick for GROMACS/OpenFOAM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 {tflops:g} TFLOPS for double-precision solvers; {cpus} for the CPU side of GROMACS/OpenFOAM</source>
        <translation>FP64 {tflops:g} TFLOPS for double-precision solvers; {cpus} for the CPU side of GROMACS/OpenFOAM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing: {mode} is cheapest for {hours:.0f} h ({total}); spot would cost {spot} (−{saving:.0%}) but can be interrupted</source>
        <translation>Billing: {mode} is cheapest for {hours:.0f} h ({total}); spot would cost {spot} (−{saving:.0%}) but can be interrupted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing: {mode} is cheapest for {hours:.0f} h ({total})</source>
        <translation>Billing: {mode} is cheapest for {hours:.0f} h ({total})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price: {provider}, {region}, {instance}, {date}</source>
        <translation>Price: {provider}, {region}, {instance}, {date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price: {provider}, {instance}, {date}</source>
        <translation>Price: {provider}, {instance}, {date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (range {low:g}–{high:g} {currency}; low end used)</source>
        <translation> (range {low:g}–{high:g} {currency}; low end used)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (converted from {currency})</source>
        <translation> (converted from {currency})</translation>
    </message>
</context>
<context>
    <name>PlannerPanel</name>
    <message>
        <location filename="../../ui/catalog/planner_panel.py" line="+16"/>
        <source>AI training (full fine-tune)</source>
        <translation>AI training (full fine-tune)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fine-tuning (LoRA / QLoRA)</source>
        <translation>Fine-tuning (LoRA / QLoRA)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inference (serving a model)</source>
        <translation>Inference (serving a model)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rendering / video transcoding</source>
        <translation>Rendering / video transcoding</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scientific simulation (GROMACS, OpenFOAM)</source>
        <translation>Scientific simulation (GROMACS, OpenFOAM)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not sure? Leave the size empty: the planner assumes a full fine-tune of a 7B model in BF16 on 1B tokens. The model size is in its name (Llama-3-8B → 8B).</source>
        <translation>Not sure? Leave the size empty: the planner assumes a full fine-tune of a 7B model in BF16 on 1B tokens. The model size is in its name (Llama-3-8B → 8B).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not sure? LoRA in BF16 on 100M tokens is assumed; choose 4-bit for QLoRA, which needs about a third of the memory.</source>
        <translation>Not sure? LoRA in BF16 on 100M tokens is assumed; choose 4-bit for QLoRA, which needs about a third of the memory.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not sure? A 7B model in BF16 is assumed. 4-bit quantised weights (GPTQ/AWQ/GGUF Q4) need about a quarter of BF16.</source>
        <translation>Not sure? A 7B model in BF16 is assumed. 4-bit quantised weights (GPTQ/AWQ/GGUF Q4) need about a quarter of BF16.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPUs with NVENC encoders only (A100/H100 have none); ranked by price per FP32 TFLOP-hour.</source>
        <translation>GPUs with NVENC encoders only (A100/H100 have none); ranked by price per FP32 TFLOP-hour.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-precision (FP64) GPUs with enough CPU cores beside them, for GROMACS, OpenFOAM and similar codes.</source>
        <translation>Double-precision (FP64) GPUs with enough CPU cores beside them, for GROMACS, OpenFOAM and similar codes.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>4-bit</source>
        <translation>4-bit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price/h</source>
        <translation>Price/h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing</source>
        <translation>Billing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Est. total</source>
        <translation>Est. total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Planner</source>
        <translation>Planner</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>e.g. 7B (empty: not sure)</source>
        <translation>e.g. 7B (empty: not sure)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model size</source>
        <translation>Model size</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>estimate it</source>
        <translation>estimate it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or VRAM needed</source>
        <translation>or VRAM needed</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>default for the method</source>
        <translation>default for the method</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training tokens</source>
        <translation>Training tokens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any</source>
        <translation>any</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any model</source>
        <translation>any model</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU model</source>
        <translation>GPU model</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hours per day</source>
        <translation>Hours per day</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Days</source>
        <translation>Days</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow spot (interruptible) prices</source>
        <translation>Allow spot (interruptible) prices</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>I don&apos;t know: help me choose…</source>
        <translation>I don&apos;t know: help me choose…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Recommended configurations</source>
        <translation>Recommended configurations</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Why this configuration</source>
        <translation>Why this configuration</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>&apos;%1&apos; is not a token count; write it like 100M or 1B.</source>
        <translation>&apos;%1&apos; is not a token count; write it like 100M or 1B.</translation>
    </message>
</context>
<context>
    <name>PreviewTable</name>
    <message>
        <location filename="../../ui/importer/preview.py" line="-144"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log in with</source>
        <translation>Log in with</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jump host</source>
        <translation>Jump host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key file</source>
        <translation>Key file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored key</source>
        <translation>Stored key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agent / Pageant</source>
        <translation>Agent / Pageant</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password: asked on the first connect, then kept in the system keyring</source>
        <translation>Password: asked on the first connect, then kept in the system keyring</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys from the SSH agent (Pageant on Windows)</source>
        <translation>Keys from the SSH agent (Pageant on Windows)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create</source>
        <translation>Create</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Merge</source>
        <translation>Merge</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Skip</source>
        <translation>Skip</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Already saved as &apos;%1&apos; (same host, port and user).</source>
        <translation>Already saved as &apos;%1&apos; (same host, port and user).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Same server as &apos;%1&apos; above (same host, port and user).</source>
        <translation>Same server as &apos;%1&apos; above (same host, port and user).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (+%2 more)</source>
        <translation>%1 (+%2 more)</translation>
    </message>
</context>
<context>
    <name>PriceScatter</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="-166"/>
        <source>Price vs performance</source>
        <translation>Price vs performance</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>price per hour</source>
        <translation>price per hour</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FP16/BF16 TFLOPS (dense, whole instance)</source>
        <translation>FP16/BF16 TFLOPS (dense, whole instance)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>price per hour (%1)</source>
        <translation>price per hour (%1)</translation>
    </message>
</context>
<context>
    <name>ProcessTable</name>
    <message>
        <location filename="../../ui/gpus/processes.py" line="+22"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Command</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU memory</source>
        <translation>GPU memory</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-64"/>
        <source>{provider} sent instance types gpudesk does not understand (expected {shape}).</source>
        <translation>{provider} sent instance types gpudesk does not understand (expected {shape}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{provider} sent offers gpudesk does not understand (expected {shape}).</source>
        <translation>{provider} sent offers gpudesk does not understand (expected {shape}).</translation>
    </message>
    <message>
        <location line="+295"/>
        <source>The provider account &apos;{name}&apos; no longer exists.</source>
        <translation>The provider account &apos;{name}&apos; no longer exists.</translation>
    </message>
    <message>
        <location line="-297"/>
        <source>RunPod sent GPU types gpudesk does not understand (expected {shape}).</source>
        <translation>RunPod sent GPU types gpudesk does not understand (expected {shape}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai limited the price searches ({error}): the list is partial, with the prices of {done} only; the other GPUs keep their earlier prices. Refresh again in a minute.</source>
        <translation>Vast.ai limited the price searches ({error}): the list is partial, with the prices of {done} only; the other GPUs keep their earlier prices. Refresh again in a minute.</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Unknown provider kind &apos;{kind}&apos;.</source>
        <translation>Unknown provider kind &apos;{kind}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the account a name.</source>
        <translation>Give the account a name.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unknown provider kind &apos;{kind}&apos; for account &apos;{name}&apos;.</source>
        <translation>Unknown provider kind &apos;{kind}&apos; for account &apos;{name}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No API token is stored for &apos;{name}&apos;. Add it in Providers (it goes to the keyring).</source>
        <translation>No API token is stored for &apos;{name}&apos;. Add it in Providers (it goes to the keyring).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL sent an answer gpudesk does not understand (no instance list).</source>
        <translation>AutoDL sent an answer gpudesk does not understand (no instance list).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL: no details for instance &apos;{id}&apos;.</source>
        <translation>AutoDL: no details for instance &apos;{id}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL: instance &apos;{id}&apos; did not power off within {seconds:g} s (it is &apos;{status}&apos;), so it was not released. Try again in a moment, or release it in the AutoDL console.</source>
        <translation>AutoDL: instance &apos;{id}&apos; did not power off within {seconds:g} s (it is &apos;{status}&apos;), so it was not released. Try again in a moment, or release it in the AutoDL console.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL sent a balance gpudesk does not understand (no &apos;assets&apos;).</source>
        <translation>AutoDL sent a balance gpudesk does not understand (no &apos;assets&apos;).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>AutoDL sent an answer gpudesk does not understand (no &apos;code&apos;).</source>
        <translation>AutoDL sent an answer gpudesk does not understand (no &apos;code&apos;).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} has no API to list instances.</source>
        <translation>{provider} has no API to list instances.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider}: no instance &apos;{id}&apos;.</source>
        <translation>{provider}: no instance &apos;{id}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot start instances through its API.</source>
        <translation>{provider} cannot start instances through its API.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot stop instances through its API.</source>
        <translation>{provider} cannot stop instances through its API.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot terminate instances through its API.</source>
        <translation>{provider} cannot terminate instances through its API.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{provider} cannot delete this storage through its API.</source>
        <translation>{provider} cannot delete this storage through its API.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{provider} cannot rent servers through its API.</source>
        <translation>{provider} cannot rent servers through its API.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: the list URL did not answer a list of instances.</source>
        <translation>{name}: the list URL did not answer a list of instances.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no status URL is configured.</source>
        <translation>{name}: no status URL is configured.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no {action} URL is configured.</source>
        <translation>{name}: no {action} URL is configured.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} did not answer within {seconds:g} s. Try again later.</source>
        <translation>{provider} did not answer within {seconds:g} s. Try again later.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach {provider} at {url}. Check the network or the API address.</source>
        <translation>Could not reach {provider} at {url}. Check the network or the API address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): {message}. Check the token in Providers → account.</source>
        <translation>{provider} ({status}): {message}. Check the token in Providers → account.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the API token was refused</source>
        <translation>the API token was refused</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): this API version is no longer served by {provider}. Update gpudesk to a version that speaks its current API. ({message})</source>
        <translation>{provider} ({status}): this API version is no longer served by {provider}. Update gpudesk to a version that speaks its current API. ({message})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): {message}</source>
        <translation>{provider} ({status}): {message}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not possible in the instance&apos;s current state</source>
        <translation>not possible in the instance&apos;s current state</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not found</source>
        <translation>not found</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): too many requests: {message}. Wait a moment and try again.</source>
        <translation>{provider} ({status}): too many requests: {message}. Wait a moment and try again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): too many requests. Wait a moment and try again.</source>
        <translation>{provider} ({status}): too many requests. Wait a moment and try again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): server error: {message}. Try again later.</source>
        <translation>{provider} ({status}): server error: {message}. Try again later.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): server error. Try again later.</source>
        <translation>{provider} ({status}): server error. Try again later.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>request refused</source>
        <translation>request refused</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it has not finished launching yet</source>
        <translation>it has not finished launching yet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is too old for this operation</source>
        <translation>it is too old for this operation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is already terminating</source>
        <translation>it is already terminating</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.</source>
        <translation>Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot start a terminated instance; launch a new one in its console.</source>
        <translation>Lambda Cloud cannot start a terminated instance; launch a new one in its console.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud gave no reason</source>
        <translation>Lambda Cloud gave no reason</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason} ({detail}). Try again in a few minutes.</source>
        <translation>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason} ({detail}). Try again in a few minutes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason}. Try again in a few minutes.</source>
        <translation>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason}. Try again in a few minutes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no spot market: rent on demand.</source>
        <translation>Lambda Cloud has no spot market: rent on demand.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU or instance type to rent on Lambda Cloud (e.g. H100).</source>
        <translation>Say which GPU or instance type to rent on Lambda Cloud (e.g. H100).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no region has capacity for it now</source>
        <translation>no region has capacity for it now</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no capacity{where} now</source>
        <translation>no capacity{where} now</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot rent {what}: {reason}.</source>
        <translation>Lambda Cloud cannot rent {what}: {reason}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud lists no instance type with {count}× {what}.</source>
        <translation>Lambda Cloud lists no instance type with {count}× {what}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no {type} free in {region} now: {reason}</source>
        <translation>Lambda Cloud has no {type} free in {region} now: {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud accepted the launch but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>Lambda Cloud accepted the launch but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud did not confirm deleting filesystem &apos;{name}&apos;. Check its console.</source>
        <translation>Lambda Cloud did not confirm deleting filesystem &apos;{name}&apos;. Check its console.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lambda Cloud cannot delete filesystem &apos;{name}&apos; while it is mounted on an instance. Terminate the instances that use it first.</source>
        <translation>Lambda Cloud cannot delete filesystem &apos;{name}&apos; while it is mounted on an instance. Terminate the instances that use it first.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud sent an answer gpudesk does not understand (no &apos;data&apos;).</source>
        <translation>Lambda Cloud sent an answer gpudesk does not understand (no &apos;data&apos;).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud boots machine images, not Docker images: &apos;{image}&apos; cannot be used. Leave the image empty for Lambda Stack (PyTorch, CUDA), or give a Lambda image family such as lambda-stack-22-04 or an image id; run the container with docker on the server once it is up.</source>
        <translation>Lambda Cloud boots machine images, not Docker images: &apos;{image}&apos; cannot be used. Leave the image empty for Lambda Stack (PyTorch, CUDA), or give a Lambda image family such as lambda-stack-22-04 or an image id; run the container with docker on the server once it is up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No public key to log in with: gpudesk needs one to rent a server.</source>
        <translation>No public key to log in with: gpudesk needs one to rent a server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{error} The server may have been rented anyway: check &apos;gpudesk instances list&apos; (or the provider&apos;s console) before trying again.</source>
        <translation>{error} The server may have been rented anyway: check &apos;gpudesk instances list&apos; (or the provider&apos;s console) before trying again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped waiting for instance {id}. It is rented and may be billing.</source>
        <translation>Stopped waiting for instance {id}. It is rented and may be billing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} no longer knows instance {id}: it ended while starting.</source>
        <translation>{provider} no longer knows instance {id}: it ended while starting.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} is {status} at {provider} before it became usable (a spot instance can be taken back). Nothing of it is usable.</source>
        <translation>Instance {id} is {status} at {provider} before it became usable (a spot instance can be taken back). Nothing of it is usable.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>gpudesk cannot rent from {provider} through its API yet.</source>
        <translation>gpudesk cannot rent from {provider} through its API yet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} has no SSH address yet: no session can be made.</source>
        <translation>Instance {id} has no SSH address yet: no session can be made.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU count must be between 1 and 64, not {count}.</source>
        <translation>The GPU count must be between 1 and 64, not {count}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The disk size must be between 1 and 100000 GB, not {disk}.</source>
        <translation>The disk size must be between 1 and 100000 GB, not {disk}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bid goes with a spot rental and must be above 0 USD per hour.</source>
        <translation>A bid goes with a spot rental and must be above 0 USD per hour.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The rental details hold a line break or another control character.</source>
        <translation>The rental details hold a line break or another control character.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The demo provider lists no GPU to rent.</source>
        <translation>The demo provider lists no GPU to rent.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RunPod sent an answer gpudesk does not understand (expected a list of pods).</source>
        <translation>RunPod sent an answer gpudesk does not understand (expected a list of pods).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod sent an answer gpudesk does not understand (expected a pod).</source>
        <translation>RunPod sent an answer gpudesk does not understand (expected a pod).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod started the pod without any GPU: the GPUs of its host are taken. Your files are there, but nothing runs on a GPU. Stop it and try later, or copy the data off.</source>
        <translation>RunPod started the pod without any GPU: the GPUs of its host are taken. Your files are there, but nothing runs on a GPU. Stop it and try later, or copy the data off.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod refused to {action} the pod in its current state ({detail}). Refresh to see its state.</source>
        <translation>RunPod refused to {action} the pod in its current state ({detail}). Refresh to see its state.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod could not start the pod: there are not enough free GPUs on its host right now. Try again later; the volume disk (/workspace) is kept meanwhile.</source>
        <translation>RunPod could not start the pod: there are not enough free GPUs on its host right now. Try again later; the volume disk (/workspace) is kept meanwhile.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU to rent on RunPod (a GPU type such as RTX 4090).</source>
        <translation>Say which GPU to rent on RunPod (a GPU type such as RTX 4090).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod lists no GPU type &apos;{gpu}&apos; for {count} GPUs. See its GPU types (e.g. RTX 4090, H100 SXM).</source>
        <translation>RunPod lists no GPU type &apos;{gpu}&apos; for {count} GPUs. See its GPU types (e.g. RTX 4090, H100 SXM).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no machine could be placed</source>
        <translation>no machine could be placed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod could not place {count}× {gpu} now: {reason}</source>
        <translation>RunPod could not place {count}× {gpu} now: {reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod refused: the account&apos;s balance is too low to rent this ({reason}). Add credit and try again.</source>
        <translation>RunPod refused: the account&apos;s balance is too low to rent this ({reason}). Add credit and try again.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RunPod&apos;s current API (v2) cannot rent interruptible (spot) pods. Rent on demand, or use RunPod&apos;s console for spot.</source>
        <translation>RunPod&apos;s current API (v2) cannot rent interruptible (spot) pods. Rent on demand, or use RunPod&apos;s console for spot.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod accepted the request but sent an answer gpudesk does not understand: a pod may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>RunPod accepted the request but sent an answer gpudesk does not understand: a pod may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vast.ai sent an answer gpudesk does not understand (no account details).</source>
        <translation>Vast.ai sent an answer gpudesk does not understand (no account details).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai sent a credit balance gpudesk does not understand.</source>
        <translation>Vast.ai sent a credit balance gpudesk does not understand.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai sent offers gpudesk does not understand (no offer list).</source>
        <translation>Vast.ai sent offers gpudesk does not understand (no offer list).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a Vast.ai offer id (a number).</source>
        <translation>&apos;{id}&apos; is not a Vast.ai offer id (a number).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU (e.g. RTX 4090) or offer to rent on Vast.ai.</source>
        <translation>Say which GPU (e.g. RTX 4090) or offer to rent on Vast.ai.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai offer {id} is no longer available: someone else rented it or the host withdrew it.</source>
        <translation>Vast.ai offer {id} is no longer available: someone else rented it or the host withdrew it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai has no rentable offer of {count}× {gpu} now.</source>
        <translation>Vast.ai has no rentable offer of {count}× {gpu} now.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Renting on Vast.ai needs an offer id; get one from &apos;gpudesk instances launch --gpu&apos;.</source>
        <translation>Renting on Vast.ai needs an offer id; get one from &apos;gpudesk instances launch --gpu&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai accepted the rental but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>Vast.ai accepted the rental but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Vast.ai sent an answer gpudesk does not understand (no instance list).</source>
        <translation>Vast.ai sent an answer gpudesk does not understand (no instance list).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai offer {id} is no longer available ({reason}): someone else rented it or the host withdrew it.</source>
        <translation>Vast.ai offer {id} is no longer available ({reason}): someone else rented it or the host withdrew it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai created instance {id} but did not start it ({reason}): the bid of {bid} USD/h is below what the host asks now. The instance exists, stopped, and bills for its disk until you destroy it.</source>
        <translation>Vast.ai created instance {id} but did not start it ({reason}): the bid of {bid} USD/h is below what the host asks now. The instance exists, stopped, and bills for its disk until you destroy it.</translation>
    </message>
</context>
<context>
    <name>ProviderNote</name>
    <message>
        <location line="-116"/>
        <source>Power off ends the GPU time. An instance left powered off for 15 days in a row is released by AutoDL, and all data on it is deleted (only /root/autodl-fs survives); AutoDL&apos;s developer API does not document what a powered-off instance still costs: check its console.</source>
        <translation>Power off ends the GPU time. An instance left powered off for 15 days in a row is released by AutoDL, and all data on it is deleted (only /root/autodl-fs survives); AutoDL&apos;s developer API does not document what a powered-off instance still costs: check its console.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release deletes the instance and its data. A running instance is powered off first, then released.</source>
        <translation>Release deletes the instance and its data. A running instance is powered off first, then released.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What a stopped instance still costs depends on your provider; check its pricing page.</source>
        <translation>What a stopped instance still costs depends on your provider; check its pricing page.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminating deletes the instance and its disk; billing for it ends.</source>
        <translation>Terminating deletes the instance and its disk; billing for it ends.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deleting it erases every file on it for good, and its billing ends.</source>
        <translation>Deleting it erases every file on it for good, and its billing ends.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Deleting filesystem &apos;{name}&apos; erases every file on it for good, and its billing ends. It must not be mounted on any instance.</source>
        <translation>Deleting filesystem &apos;{name}&apos; erases every file on it for good, and its billing ends. It must not be mounted on any instance.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no stop. The instance keeps billing by the minute until you terminate it; terminating deletes it with its local disk (persistent filesystems remain and keep billing).</source>
        <translation>Lambda Cloud has no stop. The instance keeps billing by the minute until you terminate it; terminating deletes it with its local disk (persistent filesystems remain and keep billing).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate deletes the instance and everything on its local disk, and ends its billing. Attached persistent filesystems remain and keep billing per GB.</source>
        <translation>Terminate deletes the instance and everything on its local disk, and ends its billing. Attached persistent filesystems remain and keep billing per GB.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>gpudesk cannot stop this server: there is no provider API. Stop or release it in your provider&apos;s console; until then it keeps billing.</source>
        <translation>gpudesk cannot stop this server: there is no provider API. Stop or release it in your provider&apos;s console; until then it keeps billing.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The volume disk belongs to the stopped pod &apos;{name}&apos;: deleting it terminates the pod, and every file in /workspace is lost for good.</source>
        <translation>The volume disk belongs to the stopped pod &apos;{name}&apos;: deleting it terminates the pod, and every file in /workspace is lost for good.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleting the network volume &apos;{name}&apos; erases every file on it for good; pods that mount it lose it.</source>
        <translation>Deleting the network volume &apos;{name}&apos; erases every file on it for good; pods that mount it lose it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop releases the GPU and ends compute billing. The volume disk (/workspace) is kept and still bills while stopped (about $0.20 per GB per month); the container disk is erased.</source>
        <translation>Stop releases the GPU and ends compute billing. The volume disk (/workspace) is kept and still bills while stopped (about $0.20 per GB per month); the container disk is erased.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate deletes the pod and its volume disk and ends their billing. A network volume survives and keeps billing.</source>
        <translation>Terminate deletes the pod and its volume disk and ends their billing. A network volume survives and keeps billing.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deleting this disk destroys Vast.ai instance {id}: everything on it is lost for good, and all its billing ends.</source>
        <translation>Deleting this disk destroys Vast.ai instance {id}: everything on it is lost for good, and all its billing ends.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The price includes the {disk} GB disk ({rate} USD/h at {per_gb} USD per GB-month), which keeps billing while the instance is stopped.</source>
        <translation>The price includes the {disk} GB disk ({rate} USD/h at {per_gb} USD per GB-month), which keeps billing while the instance is stopped.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptible: Vast.ai stops the instance when someone bids more or rents it on demand; its disk is kept (and billed) until it runs again.</source>
        <translation>Interruptible: Vast.ai stops the instance when someone bids more or rents it on demand; its disk is kept (and billed) until it runs again.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop ends the GPU charges. The instance&apos;s disk is kept and keeps billing for storage until you destroy it; restarting may wait until the GPUs are free again.</source>
        <translation>Stop ends the GPU charges. The instance&apos;s disk is kept and keeps billing for storage until you destroy it; restarting may wait until the GPUs are free again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destroy deletes the instance with all its data and ends all billing for it.</source>
        <translation>Destroy deletes the instance with all its data and ends all billing for it.</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <location filename="../../ui/providers/page.py" line="+27"/>
        <location line="+20"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Add account…</source>
        <translation>Add account…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+6"/>
        <source>Accounts</source>
        <extracomment>warn when the credit left lasts less than this many hours at the account&apos;s current rate</extracomment>
        <translation>Accounts</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopping</source>
        <translation>stopping</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminating</source>
        <translation>terminating</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminated</source>
        <translation>terminated</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Storage</source>
        <translation>Storage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per month</source>
        <translation>Per month</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Belongs to</source>
        <translation>Belongs to</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>volume disk of a stopped pod</source>
        <translation>volume disk of a stopped pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network volume</source>
        <translation>network volume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk of a stopped instance</source>
        <translation>disk of a stopped instance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>persistent filesystem</source>
        <translation>persistent filesystem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>data disk</source>
        <translation>data disk</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>Instances</source>
        <translation>Instances</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate</source>
        <translation>Terminate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create session</source>
        <translation>Create session</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+293"/>
        <source>Storage that keeps billing without a GPU</source>
        <translation>Storage that keeps billing without a GPU</translation>
    </message>
    <message>
        <location line="-289"/>
        <source>Storage that keeps billing</source>
        <translation>Storage that keeps billing</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete storage…</source>
        <translation>Delete storage…</translation>
    </message>
    <message>
        <location line="+48"/>
        <source> (this run)</source>
        <translation> (this run)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No provider accounts yet. Add one with its API token to list and control your instances.</source>
        <translation>No provider accounts yet. Add one with its API token to list and control your instances.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Remove account</source>
        <translation>Remove account</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the account &apos;%1&apos; and its token from the keyring? Instances are not touched.</source>
        <translation>Remove the account &apos;%1&apos; and its token from the keyring? Instances are not touched.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 account(s)…</source>
        <translation>Asking %1 account(s)…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>storage not listed: %1</source>
        <translation>storage not listed: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 instance(s).</source>
        <translation>%1 instance(s).</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>no SSH address yet (starting)</source>
        <translation>no SSH address yet (starting)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>rate not published</source>
        <translation>rate not published</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 running</source>
        <translation>%1 running</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 stopped</source>
        <translation>%1 stopped</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 storage item(s) still billing</source>
        <translation>%1 storage item(s) still billing</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>billing now: compute %1 + storage %2 = %3</source>
        <translation>billing now: compute %1 + storage %2 = %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing is billing</source>
        <translation>nothing is billing</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>credit %1</source>
        <translation>credit %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>credit %1 — low: add funds, or the provider stops (and may delete) your instances</source>
        <translation>credit %1 — low: add funds, or the provider stops (and may delete) your instances</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>This provider has no stop.</source>
        <translation>This provider has no stop.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>What stop keeps billing: %1</source>
        <translation>What stop keeps billing: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No storage of yours is billing without a GPU.</source>
        <translation>No storage of yours is billing without a GPU.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Start %1?</source>
        <translation>Start %1?</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop %1?</source>
        <translation>Stop %1?</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Terminate %1?</source>
        <translation>Terminate %1?</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Starting %1…</source>
        <translation>Starting %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stopping %1…</source>
        <translation>Stopping %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Terminating %1…</source>
        <translation>Terminating %1…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Delete %1?</source>
        <translation>Delete %1?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete for good</source>
        <translation>Delete for good</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Deleting %1…</source>
        <translation>Deleting %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This instance has no SSH address yet: it is %1. Refresh in a minute.</source>
        <translation>This instance has no SSH address yet: it is %1. Refresh in a minute.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This instance has no SSH address (is it running?).</source>
        <translation>This instance has no SSH address (is it running?).</translation>
    </message>
</context>
<context>
    <name>QueueView</name>
    <message>
        <location filename="../../ui/files/queue_view.py" line="+41"/>
        <location line="+96"/>
        <source>No transfers yet — drag files between the two panes to copy them.</source>
        <translation>No transfers yet — drag files between the two panes to copy them.</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear finished</source>
        <translation>Clear finished</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Transfer queue</source>
        <translation>Transfer queue</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Direction</source>
        <translation>Direction</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Progress</source>
        <translation>Progress</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speed</source>
        <translation>Speed</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETA</source>
        <translation>ETA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>No active transfers</source>
        <translation>No active transfers</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n transfer(s) · {0}% of {1}</source>
        <translation>
            <numerusform>%n transfer(s) · {0}% of {1}</numerusform>
            <numerusform>%n transfer(s) · {0}% of {1}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuickConnect</name>
    <message>
        <location filename="../../ui/connect_prompt.py" line="+59"/>
        <location line="+35"/>
        <source>Logging in to %1…</source>
        <translation>Logging in to %1…</translation>
    </message>
</context>
<context>
    <name>RentDialog</name>
    <message>
        <location filename="../../ui/rent/dialog.py" line="+63"/>
        <source>Rent a GPU server</source>
        <extracomment>seconds to wait for SSH, and between provider polls (tests shorten them)</extracomment>
        <translation>Rent a GPU server</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Rent</source>
        <translation>Rent</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add an account…</source>
        <translation>Add an account…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the provider&apos;s page</source>
        <translation>Open the provider&apos;s page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate it so it does not bill</source>
        <translation>Terminate it so it does not bill</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep it</source>
        <translation>Keep it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review the next best…</source>
        <translation>Review the next best…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate and rent the next best…</source>
        <translation>Terminate and rent the next best…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relaunch…</source>
        <translation>Relaunch…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+165"/>
        <location line="+301"/>
        <source>Asking %1 for the price…</source>
        <translation>Asking %1 for the price…</translation>
    </message>
    <message>
        <location line="-424"/>
        <source>gpudesk cannot rent from %1 through its API. Rent it on %1&apos;s page, then paste the login line into a new session.</source>
        <translation>gpudesk cannot rent from %1 through its API. Rent it on %1&apos;s page, then paste the login line into a new session.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You have no %1 account in gpudesk, so it cannot rent this for you. Add your %1 API token in Providers (it goes to the keyring), or rent it on %1&apos;s page and paste the login line into a new session.</source>
        <translation>You have no %1 account in gpudesk, so it cannot rent this for you. Add your %1 API token in Providers (it goes to the keyring), or rent it on %1&apos;s page and paste the login line into a new session.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open %1&apos;s page</source>
        <translation>Open %1&apos;s page</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The provider has no machine for this right now: %1</source>
        <translation>The provider has no machine for this right now: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+305"/>
        <source>Nothing was rented. %1</source>
        <translation>Nothing was rented. %1</translation>
    </message>
    <message>
        <location line="-293"/>
        <source>Check what will be rented. Nothing is rented until you press Rent.</source>
        <translation>Check what will be rented. Nothing is rented until you press Rent.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The demo provider, standing in for %1: it rents the demo server offline, and nothing is billed.</source>
        <translation>The demo provider, standing in for %1: it rents the demo server offline, and nothing is billed.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>chosen by the provider</source>
        <translation>chosen by the provider</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the provider&apos;s default image</source>
        <translation>the provider&apos;s default image</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lambda Cloud sets the disk by the instance type.</source>
        <translation>Lambda Cloud sets the disk by the instance type.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1&apos;s API rents on demand only.</source>
        <translation>%1&apos;s API rents on demand only.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>In the demo these are the words of the provider it stands in for: the demo server itself bills nothing.</source>
        <translation>In the demo these are the words of the provider it stands in for: the demo server itself bills nothing.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The row you chose is a spot price; %1 rents on demand only through its API, so this is the on-demand price.</source>
        <translation>The row you chose is a spot price; %1 rents on demand only through its API, so this is the on-demand price.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Spot: the provider can take the server back at any time (when outbid or when it needs the machine); save checkpoints often.</source>
        <translation>Spot: the provider can take the server back at any time (when outbid or when it needs the machine); save checkpoints often.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rent for %1</source>
        <translation>Rent for %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(%1 GB each)</source>
        <translation>(%1 GB each)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>provider %1 instead of %2</source>
        <translation>provider %1 instead of %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU %1 instead of %2</source>
        <translation>GPU %1 instead of %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPU(s) instead of %2</source>
        <translation>%1 GPU(s) instead of %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB per GPU instead of %2 GB</source>
        <translation>%1 GB per GPU instead of %2 GB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 instead of %2</source>
        <translation>%1 instead of %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The demo does not rent the offer you picked: it stands in with its own server and rents %1 there (the demo server shows all of its GPUs).</source>
        <translation>The demo does not rent the offer you picked: it stands in with its own server and rents %1 there (the demo server shows all of its GPUs).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The provider&apos;s answer for this offer differs from the Catalog&apos;s: %1.</source>
        <translation>The provider&apos;s answer for this offer differs from the Catalog&apos;s: %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This is not the offer you picked: %1.</source>
        <translation>This is not the offer you picked: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Differences: %1.</source>
        <translation>Differences: %1.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Asking for the new price…</source>
        <translation>Asking for the new price…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Renting %1 from %2 at %3.</source>
        <translation>Renting %1 from %2 at %3.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Registering your SSH key…</source>
        <translation>Registering your SSH key…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sending the rent request (once)…</source>
        <translation>Sending the rent request (once)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rented: instance %1. It bills from now on.</source>
        <translation>Rented: instance %1. It bills from now on.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Host key recorded on first sight: %1</source>
        <translation>Host key recorded on first sight: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host key already known: %1</source>
        <translation>Host key already known: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server presents a host key that differs from the one recorded for its address: %1. The login will ask before trusting it.</source>
        <translation>The server presents a host key that differs from the one recorded for its address: %1. The login will ask before trusting it.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Session &apos;%1&apos; is saved; logging in…</source>
        <translation>Session &apos;%1&apos; is saved; logging in…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>You stopped the rent. Instance %1 is rented and may be billing.</source>
        <translation>You stopped the rent. Instance %1 is rented and may be billing.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Logged in as %1. The environment check runs in the GPUs tab.</source>
        <translation>Logged in as %1. The environment check runs in the GPUs tab.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Ready: the environment check is done (see the GPUs tab).</source>
        <translation>Ready: the environment check is done (see the GPUs tab).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The GPU health check found a faulty GPU on instance %1:</source>
        <translation>The GPU health check found a faulty GPU on instance %1:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminate it (billing ends) and look for the next best offer, shown for confirmation before anything is rented? Keep it to ask the provider first (the GPUs tab lists the findings).</source>
        <translation>Terminate it (billing ends) and look for the next best offer, shown for confirmation before anything is rented? Keep it to ask the provider first (the GPUs tab lists the findings).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Terminating instance %1…</source>
        <translation>Terminating instance %1…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Terminated instance %1: it no longer bills. No other offer you can rent is left now; pick another GPU in the planner.</source>
        <translation>Terminated instance %1: it no longer bills. No other offer you can rent is left now; pick another GPU in the planner.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Terminated instance %1: it no longer bills.

Looking for the next best offer…</source>
        <translation>Terminated instance %1: it no longer bills.

Looking for the next best offer…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stopped. Nothing was rented.</source>
        <translation>Stopped. Nothing was rented.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You stopped waiting. Instance %1 is rented and may be billing.</source>
        <translation>You stopped waiting. Instance %1 is rented and may be billing.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminate destroys it and ends its billing; Keep leaves it in Providers, where you can start or destroy it later.</source>
        <translation>Terminate destroys it and ends its billing; Keep leaves it in Providers, where you can start or destroy it later.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Relaunch rents the same configuration again, after you confirm its price.</source>
        <translation>Relaunch rents the same configuration again, after you confirm its price.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Instance %1 is rented, but: %2</source>
        <translation>Instance %1 is rented, but: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>It bills about %1 until it is terminated. Terminate it, or keep it (it then shows in Providers, where you can stop or terminate it later).</source>
        <translation>It bills about %1 until it is terminated. Terminate it, or keep it (it then shows in Providers, where you can stop or terminate it later).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping… (a request already sent is answered first)</source>
        <translation>Stopping… (a request already sent is answered first)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Terminated instance %1: it no longer bills.</source>
        <translation>Terminated instance %1: it no longer bills.</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+79"/>
        <source>Could not terminate instance %1: %2. Terminate it in Providers or the provider&apos;s console; it may be billing.</source>
        <translation>Could not terminate instance %1: %2. Terminate it in Providers or the provider&apos;s console; it may be billing.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Kept instance %1. It bills until you stop or terminate it (Providers lists it).</source>
        <translation>Kept instance %1. It bills until you stop or terminate it (Providers lists it).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 has no machine for this right now. Nothing was rented.

Looking for the next best offer…</source>
        <translation>%1 has no machine for this right now. Nothing was rented.

Looking for the next best offer…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no machine for this right now. Nothing was rented.</source>
        <translation>%1 has no machine for this right now. Nothing was rented.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No other offer you can rent is left now. Try again later, or pick another GPU in the planner.</source>
        <translation>No other offer you can rent is left now. Try again later, or pick another GPU in the planner.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The next best: %1 from %2 at %3.</source>
        <translation>The next best: %1 from %2 at %3.</translation>
    </message>
    <message>
        <location filename="../../ui/rent/pages.py" line="-83"/>
        <source>Register your SSH key with the provider</source>
        <extracomment>the progress steps, in order; the launch phases of core.providers.launch map onto them</extracomment>
        <translation>Register your SSH key with the provider</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rent the server</source>
        <translation>Rent the server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The provider finds a machine</source>
        <translation>The provider finds a machine</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server boots</source>
        <translation>The server boots</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers</source>
        <translation>SSH answers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Record the server&apos;s host key</source>
        <translation>Record the server&apos;s host key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the session and log in</source>
        <translation>Save the session and log in</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the environment (GPUs, driver, CUDA, PyTorch)</source>
        <translation>Check the environment (GPUs, driver, CUDA, PyTorch)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>a price the provider did not say</source>
        <translation>a price the provider did not say</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1/h</source>
        <translation>%1/h</translation>
    </message>
</context>
<context>
    <name>RentedWatch</name>
    <message>
        <location filename="../../ui/rent/watch.py" line="+138"/>
        <source>gone</source>
        <extracomment>provider states that mean the instance no longer runs</extracomment>
        <translation>gone</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The spot instance %1 at %2 was taken back by the provider (status: %3). Work since the last checkpoint on it is lost.</source>
        <translation>The spot instance %1 at %2 was taken back by the provider (status: %3). Work since the last checkpoint on it is lost.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Instance %1 at %2 is no longer running (status: %3), and it was not stopped from this window.</source>
        <translation>Instance %1 at %2 is no longer running (status: %3), and it was not stopped from this window.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance taken back</source>
        <translation>Instance taken back</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Relaunch the same configuration? You see its price before anything is rented; then resume the job from its last checkpoint folder.</source>
        <translation>Relaunch the same configuration? You see its price before anything is rented; then resume the job from its last checkpoint folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relaunch…</source>
        <translation>Relaunch…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not now</source>
        <translation>Not now</translation>
    </message>
</context>
<context>
    <name>RunJobDialog</name>
    <message>
        <location filename="../../ui/jobs/run_dialog.py" line="+36"/>
        <source>Line %1 is not KEY=VALUE.</source>
        <translation>Line %1 is not KEY=VALUE.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run a job</source>
        <translation>Run a job</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>e.g. python train.py --config cfg.yaml</source>
        <translation>e.g. python train.py --config cfg.yaml</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>more arguments for the script (optional)</source>
        <translation>more arguments for the script (optional)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> GPU process(es)</source>
        <translation> GPU process(es)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hyper-parameters</source>
        <translation>Hyper-parameters</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. llama-lora-r16</source>
        <translation>optional, e.g. llama-lora-r16</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all; or e.g. 0 or 0,1,2,3 (sets CUDA_VISIBLE_DEVICES)</source>
        <translation>all; or e.g. 0 or 0,1,2,3 (sets CUDA_VISIBLE_DEVICES)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conda environment</source>
        <translation>conda environment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>venv folder</source>
        <translation>venv folder</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TensorBoard log folder, e.g. runs (optional)</source>
        <translation>TensorBoard log folder, e.g. runs (optional)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folders or patterns that &quot;Collect results&quot; offers for this job</source>
        <translation>Folders or patterns that &quot;Collect results&quot; offers for this job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nodes (each one runs torchrun; the first hosts the rendezvous)</source>
        <translation>Nodes (each one runs torchrun; the first hosts the rendezvous)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (this server, rank 0)</source>
        <translation>%1 (this server, rank 0)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connect the other servers (one tab each) to add them here.</source>
        <translation>Connect the other servers (one tab each) to add them here.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The first node&apos;s address as the other nodes reach it (often a private IP)</source>
        <translation>The first node&apos;s address as the other nodes reach it (often a private IP)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rendezvous address</source>
        <translation>Rendezvous address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rendezvous port</source>
        <translation>Rendezvous port</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Command</source>
        <translation>Command</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Script</source>
        <translation>Script</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Processes per node</source>
        <translation>Processes per node</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Working folder</source>
        <translation>Working folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Activate</source>
        <translation>Activate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Environment</source>
        <translation>Environment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TensorBoard logs</source>
        <translation>TensorBoard logs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results</source>
        <translation>Results</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Will run:</source>
        <translation>Will run:</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>(not passed)</source>
        <translation>(not passed)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not passed (e.g. %1)</source>
        <translation>not passed (e.g. %1)</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Say what to run.</source>
        <translation>Say what to run.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>environment name, e.g. torch</source>
        <translation>environment name, e.g. torch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>folder, e.g. ~/venvs/torch</source>
        <translation>folder, e.g. ~/venvs/torch</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>… on %1 servers</source>
        <translation>… on %1 servers</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+4"/>
        <source>No secure password store was found on this computer, so passwords are not saved. On Linux install and unlock a Secret Service (GNOME Keyring or KWallet).</source>
        <translation>No secure password store was found on this computer, so passwords are not saved. On Linux install and unlock a Secret Service (GNOME Keyring or KWallet).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The only password store on this computer ({name}) keeps secrets in a file without real protection, so passwords are not saved. Install and unlock a Secret Service (GNOME Keyring or KWallet), or allow the file store in Settings.</source>
        <translation>The only password store on this computer ({name}) keeps secrets in a file without real protection, so passwords are not saved. Install and unlock a Secret Service (GNOME Keyring or KWallet), or allow the file store in Settings.</translation>
    </message>
</context>
<context>
    <name>ServerGuard</name>
    <message>
        <location line="-290"/>
        <source>{name}: {kind} alerts are sent by the app only.</source>
        <translation>{name}: {kind} alerts are sent by the app only.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: a signed {kind} robot needs a signature made with its secret at send time; the server guard does not keep that secret on a command line. Use the robot&apos;s keyword or IP setting for server alerts, or leave them to the app.</source>
        <translation>{name}: a signed {kind} robot needs a signature made with its secret at send time; the server guard does not keep that secret on a command line. Use the robot&apos;s keyword or IP setting for server alerts, or leave them to the app.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: its address or headers hold characters the server cannot pass on safely.</source>
        <translation>{name}: its address or headers hold characters the server cannot pass on safely.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: the server sends only to http(s) addresses.</source>
        <translation>{name}: the server sends only to http(s) addresses.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: its secret could not be read from the keyring, so the server cannot send to it.</source>
        <translation>{name}: its secret could not be read from the keyring, so the server cannot send to it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no such alert channel.</source>
        <translation>{name}: no such alert channel.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not confirmed by {provider}</source>
        <translation>{action} requested — not confirmed by {provider}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{words}; it last reported: {state}</source>
        <translation>{words}; it last reported: {state}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a time of day like 02:00.</source>
        <translation>&apos;{text}&apos; is not a time of day like 02:00.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the deadline as a time (02:00) or a duration (8h, 90m, 1h30m): not &apos;{text}&apos;.</source>
        <translation>Give the deadline as a time (02:00) or a duration (8h, 90m, 1h30m): not &apos;{text}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A deadline must be between 1 minute and 31 days away.</source>
        <translation>A deadline must be between 1 minute and 31 days away.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A daily cap must be an amount above 0.</source>
        <translation>A daily cap must be an amount above 0.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A daily cap needs the server&apos;s price per hour (--rate).</source>
        <translation>A daily cap needs the server&apos;s price per hour (--rate).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which command stops this server.</source>
        <translation>Say which command stops this server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Powering off ends the bill only on some providers: confirm it does here first.</source>
        <translation>Powering off ends the bill only on some providers: confirm it does here first.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle time and check interval must be positive.</source>
        <translation>Idle time and check interval must be positive.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A budget needs the server&apos;s price per hour.</source>
        <translation>A budget needs the server&apos;s price per hour.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An automatic terminate deletes the server and its disk: confirm it first (in the billing settings, or with --terminate-confirmed).</source>
        <translation>An automatic terminate deletes the server and its disk: confirm it first (in the billing settings, or with --terminate-confirmed).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard cannot {action} this server ({how}): it can only {possible}.</source>
        <translation>The guard cannot {action} this server ({how}): it can only {possible}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shared tmux folder on the server belongs to another user: the guard&apos;s tmux runs in a private folder in ~/.gpudesk/tmux instead.</source>
        <translation>The shared tmux folder on the server belongs to another user: the guard&apos;s tmux runs in a private folder in ~/.gpudesk/tmux instead.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmux is not installed on the server: the guard runs under nohup (it survives logouts, not a restart of the server).</source>
        <translation>tmux is not installed on the server: the guard runs under nohup (it survives logouts, not a restart of the server).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard cannot be installed: the server does not let gpudesk write its folder ({error}). Is the home folder read-only?</source>
        <translation>The guard cannot be installed: the server does not let gpudesk write its folder ({error}). Is the home folder read-only?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard could not start on the server: {error}.</source>
        <translation>The guard could not start on the server: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not read the guard&apos;s state: {error}.</source>
        <translation>Could not read the guard&apos;s state: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard is installed but not running (the server restarted?): install it again.</source>
        <translation>The guard is installed but not running (the server restarted?): install it again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not remove the guard: {error}.</source>
        <translation>Could not remove the guard: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not touch the guard&apos;s heartbeat: {error}.</source>
        <translation>Could not touch the guard&apos;s heartbeat: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not pause the guard: {error}.</source>
        <translation>Could not pause the guard: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not extend the deadline: {error}.</source>
        <translation>Could not extend the deadline: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not extend the deadline: the server did not say the new one.</source>
        <translation>Could not extend the deadline: the server did not say the new one.</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <location line="+262"/>
        <source>The key file path holds a double quote.</source>
        <translation>The key file path holds a double quote.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&apos;{host}&apos; is not a host name or IP address.</source>
        <translation>&apos;{host}&apos; is not a host name or IP address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{user}&apos; is not a user name.</source>
        <translation>&apos;{user}&apos; is not a user name.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file path holds a line break or another control character.</source>
        <translation>The key file path holds a line break or another control character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The proxy user name holds a line break or another control character.</source>
        <translation>The proxy user name holds a line break or another control character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand holds a line break or another control character.</source>
        <translation>The ProxyCommand holds a line break or another control character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{hop}&apos; is not a jump host.</source>
        <translation>&apos;{hop}&apos; is not a jump host.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the session a name.</source>
        <translation>Give the session a name.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the server&apos;s address (host name or IP).</source>
        <translation>Enter the server&apos;s address (host name or IP).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port must be between 1 and 65535, not {port}.</source>
        <translation>Port must be between 1 and 65535, not {port}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the user name to log in as (often &apos;root&apos; on rented servers).</source>
        <translation>Enter the user name to log in as (often &apos;root&apos; on rented servers).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown login method &apos;{method}&apos;.</source>
        <translation>Unknown login method &apos;{method}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the private key file.</source>
        <translation>Choose the private key file.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} does not exist.</source>
        <translation>The key file {path} does not exist.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read (check its permissions).</source>
        <translation>The key file {path} cannot be read (check its permissions).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the proxy&apos;s address.</source>
        <translation>Enter the proxy&apos;s address.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy port must be between 1 and 65535, not {port}.</source>
        <translation>Proxy port must be between 1 and 65535, not {port}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the ProxyCommand to run.</source>
        <translation>Enter the ProxyCommand to run.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown proxy type &apos;{kind}&apos;.</source>
        <translation>Unknown proxy type &apos;{kind}&apos;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The hourly price cannot be negative.</source>
        <translation>The hourly price cannot be negative.</translation>
    </message>
</context>
<context>
    <name>SessionBilling</name>
    <message>
        <location filename="../../ui/billing/tracker.py" line="+165"/>
        <location line="+5"/>
        <source>Server guard: %1</source>
        <extracomment>action, ok, message: an action ended (not emitted for one the provider only accepted so far)</extracomment>
        <translation>Server guard: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Server guard: installed but not running — nothing watches this server while gpudesk is away</source>
        <translation>Server guard: installed but not running — nothing watches this server while gpudesk is away</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Server guard: only logs a reminder after %1 min idle while gpudesk is away — it does not stop the bill</source>
        <translation>Server guard: only logs a reminder after %1 min idle while gpudesk is away — it does not stop the bill</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stops the server</source>
        <translation>stops the server</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>terminates the server</source>
        <translation>terminates the server</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>gpudesk&apos;s last heartbeat %1 s ago</source>
        <translation>gpudesk&apos;s last heartbeat %1 s ago</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Guarded on the server: %1 after %2 min idle while gpudesk is away</source>
        <translation>Guarded on the server: %1 after %2 min idle while gpudesk is away</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>While gpudesk was away, the server guard asked for: %1 at %2 — %3. It may still bill.</source>
        <translation>While gpudesk was away, the server guard asked for: %1 at %2 — %3. It may still bill.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>While gpudesk was away, the server guard did: %1 at %2 (%3).</source>
        <translation>While gpudesk was away, the server guard did: %1 at %2 (%3).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>While gpudesk was away, the server guard tried: %1 at %2, and it failed (%3).</source>
        <translation>While gpudesk was away, the server guard tried: %1 at %2, and it failed (%3).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not billed since then: about %1.</source>
        <translation>Not billed since then: about %1.</translation>
    </message>
</context>
<context>
    <name>SessionDialog</name>
    <message>
        <location filename="../../ui/session_dialog.py" line="+35"/>
        <location line="+49"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Private key file</source>
        <translation>Private key file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key stored in the app (keyring)</source>
        <translation>Key stored in the app (keyring)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH agent / Pageant</source>
        <translation>SSH agent / Pageant</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Edit session</source>
        <translation>Edit session</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New session</source>
        <translation>New session</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Paste your provider&apos;s login, e.g. ssh -p 34567 root@region-9.example.com</source>
        <translation>Paste your provider&apos;s login, e.g. ssh -p 34567 root@region-9.example.com</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login command</source>
        <translation>Login command</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folder</source>
        <translation>Folder</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>User</source>
        <translation>User</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Log in with</source>
        <translation>Log in with</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave empty to be asked when connecting</source>
        <translation>leave empty to be asked when connecting</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Key file</source>
        <translation>Key file</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>only if the key has one</source>
        <translation>only if the key has one</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save password / passphrase in the system keyring</source>
        <translation>Save password / passphrase in the system keyring</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No system keyring was found; secrets will be asked for each time.</source>
        <translation>No system keyring was found; secrets will be asked for each time.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+12"/>
        <source>Price per hour</source>
        <translation>Price per hour</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. lambda, runpod, vast, autodl (optional)</source>
        <translation>e.g. lambda, runpod, vast, autodl (optional)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Instance ID</source>
        <translation>Instance ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Jump host, proxy and agent</source>
        <translation>Jump host, proxy and agent</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>user@bastion:22 (several: comma-separated)</source>
        <translation>user@bastion:22 (several: comma-separated)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jump host</source>
        <translation>Jump host</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No proxy</source>
        <translation>No proxy</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Proxy address</source>
        <translation>Proxy address</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Proxy user</source>
        <translation>Proxy user</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kept in the keyring</source>
        <translation>kept in the keyring</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy password</source>
        <translation>Proxy password</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ProxyCommand</source>
        <translation>ProxyCommand</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward my SSH agent (git/ssh on the server use my keys)</source>
        <translation>Forward my SSH agent (git/ssh on the server use my keys)</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Session (not saved)</source>
        <translation>Session (not saved)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Choose a private key</source>
        <translation>Choose a private key</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>This key needs a passphrase. Enter it above (it is kept in the keyring).</source>
        <translation>This key needs a passphrase. Enter it above (it is kept in the keyring).</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Save in the system keyring</source>
        <translation>Save in the system keyring</translation>
    </message>
</context>
<context>
    <name>SessionTree</name>
    <message>
        <location filename="../../ui/sidebar.py" line="+40"/>
        <location line="+1"/>
        <source>Search sessions</source>
        <extracomment>billing states in which a server is not running, whatever its connection last said</extracomment>
        <translation>Search sessions</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sessions</source>
        <translation>Sessions</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>stopped at the provider</source>
        <translation>stopped at the provider</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>released at the provider</source>
        <translation>released at the provider</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Connect all %1</source>
        <translation>Connect all %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Work on the selected servers…</source>
        <translation>Work on the selected servers…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New session…</source>
        <translation>New session…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>New folder…</source>
        <translation>New folder…</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Rename folder…</source>
        <translation>Rename folder…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove folder (keeps its sessions)</source>
        <translation>Remove folder (keeps its sessions)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+65"/>
        <source>Duplicate</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Move to folder</source>
        <translation>Move to folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(top level)</source>
        <translation>(top level)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set up key login…</source>
        <translation>Set up key login…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New folder</source>
        <translation>New folder</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+10"/>
        <source>Folder name:</source>
        <translation>Folder name:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rename folder</source>
        <translation>Rename folder</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The copy &apos;%1&apos; was made, but the login key of the original could not be copied from the password store. Use &apos;Set up key login…&apos; on the copy once it is connected with a password.</source>
        <translation>The copy &apos;%1&apos; was made, but the login key of the original could not be copied from the password store. Use &apos;Set up key login…&apos; on the copy once it is connected with a password.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Delete session</source>
        <translation>Delete session</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the session &apos;%1&apos;? Its saved password is removed too.</source>
        <translation>Delete the session &apos;%1&apos;? Its saved password is removed too.</translation>
    </message>
</context>
<context>
    <name>SettingsChoice</name>
    <message>
        <location filename="../../ui/settings_dialog.py" line="+240"/>
        <source>system</source>
        <translation>system</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>light</source>
        <translation>light</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dark</source>
        <translation>dark</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>en</source>
        <translation>en</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zh_CN</source>
        <translation>zh_CN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>remind</source>
        <translation>remind</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop</source>
        <translation>stop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminate</source>
        <translation>terminate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second</source>
        <translation>second</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>minute</source>
        <translation>minute</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hour</source>
        <translation>hour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ask</source>
        <translation>ask</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>overwrite</source>
        <translation>overwrite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip</source>
        <translation>skip</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rename</source>
        <translation>rename</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resume</source>
        <translation>resume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CNY</source>
        <translation>CNY</translation>
    </message>
</context>
<context>
    <name>SettingsDescription</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-718"/>
        <source>Seconds to wait for a server to answer before giving up.</source>
        <translation>Seconds to wait for a server to answer before giving up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send a keepalive every N seconds (0 turns it off).</source>
        <translation>Send a keepalive every N seconds (0 turns it off).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count the connection as lost after this many seconds without an answer from the server, then reconnect (0 = never).</source>
        <translation>Count the connection as lost after this many seconds without an answer from the server, then reconnect (0 = never).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also trust host keys from ~/.ssh/known_hosts.</source>
        <translation>Also trust host keys from ~/.ssh/known_hosts.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lines of scrollback kept per terminal.</source>
        <translation>Lines of scrollback kept per terminal.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font size in points.</source>
        <translation>Terminal font size in points.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font family; empty means the platform&apos;s monospace default.</source>
        <translation>Terminal font family; empty means the platform&apos;s monospace default.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run shells inside a remote tmux session when the server has tmux.</source>
        <translation>Run shells inside a remote tmux session when the server has tmux.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU sampling interval in milliseconds.</source>
        <translation>GPU sampling interval in milliseconds.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour theme: system, light or dark.</source>
        <translation>Colour theme: system, light or dark.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interface language: system, en or zh_CN.</source>
        <translation>Interface language: system, en or zh_CN.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyboard shortcuts you changed, by command; the others keep their defaults.</source>
        <translation>Keyboard shortcuts you changed, by command; the others keep their defaults.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release feed (JSON) to check for new versions; empty turns checks off.</source>
        <translation>Release feed (JSON) to check for new versions; empty turns checks off.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the release feed at most once a day at start-up.</source>
        <translation>Check the release feed at most once a day at start-up.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU below this utilisation (%) counts as idle.</source>
        <translation>A GPU below this utilisation (%) counts as idle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask before billing runs on after this many idle minutes.</source>
        <translation>Ask before billing runs on after this many idle minutes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An IDE working on the server (VS Code, Cursor, Windsurf) keeps an idle GPU at most this many minutes.</source>
        <translation>An IDE working on the server (VS Code, Cursor, Windsurf) keeps an idle GPU at most this many minutes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without an answer to the idle prompt: remind, stop or terminate.</source>
        <translation>Without an answer to the idle prompt: remind, stop or terminate.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Minutes to wait for an answer before an automatic stop/terminate.</source>
        <translation>Minutes to wait for an answer before an automatic stop/terminate.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Default billing step for typed prices: second, minute or hour.</source>
        <translation>Default billing step for typed prices: second, minute or hour.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour the cost bar as today&apos;s spending nears this (0 = no budget).</source>
        <translation>Colour the cost bar as today&apos;s spending nears this (0 = no budget).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard on each server sends its own alerts (what it did, limits near, jobs that ended while the app was away) through the alert channels a server can use, so they arrive while this computer is off.</source>
        <translation>The guard on each server sends its own alerts (what it did, limits near, jobs that ended while the app was away) through the alert channels a server can use, so they arrive while this computer is off.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Currency the catalog and planner show prices in: USD or CNY.</source>
        <translation>Currency the catalog and planner show prices in: USD or CNY.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exchange rate used by the catalog: yuan per US dollar (default 1/0.138, the rate of the bundled snapshot).</source>
        <translation>Exchange rate used by the catalog: yuan per US dollar (default 1/0.138, the rate of the bundled snapshot).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Electricity price for the rent-versus-buy break-even, USD per kWh.</source>
        <translation>Electricity price for the rent-versus-buy break-even, USD per kWh.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare SHA-256 of every transferred file (resumed files are always compared).</source>
        <translation>Compare SHA-256 of every transferred file (resumed files are always compared).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When a target exists: ask, overwrite, skip, rename or resume.</source>
        <translation>When a target exists: ask, overwrite, skip, rename or resume.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show hidden files (names starting with a dot) in the file browser.</source>
        <translation>Show hidden files (names starting with a dot) in the file browser.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The remote file pane follows the terminal&apos;s current folder.</source>
        <translation>The remote file pane follows the terminal&apos;s current folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify when a transfer that took longer than this many seconds ends.</source>
        <translation>Notify when a transfer that took longer than this many seconds ends.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds without an answer from the server before a transfer counts the connection as lost.</source>
        <translation>Seconds without an answer from the server before a transfer counts the connection as lost.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy terminal text to the clipboard as soon as it is selected.</source>
        <translation>Copy terminal text to the clipboard as soon as it is selected.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask before pasting text of more than one line into a terminal.</source>
        <translation>Ask before pasting text of more than one line into a terminal.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backspace sends DEL (^?, what most servers expect); off sends ^H.</source>
        <translation>Backspace sends DEL (^?, what most servers expect); off sends ^H.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Programs on the server may set the local clipboard (OSC 52: set); off ignores them. Reading the clipboard is never allowed.</source>
        <translation>Programs on the server may set the local clipboard (OSC 52: set); off ignores them. Reading the clipboard is never allowed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List GPU processes every N seconds (the GPU samples keep their own interval).</source>
        <translation>List GPU processes every N seconds (the GPU samples keep their own interval).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the environment check (driver, CUDA, PyTorch, disk, tmux) after connecting.</source>
        <translation>Run the environment check (driver, CUDA, PyTorch, disk, tmux) after connecting.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time window the GPU charts show at first, in seconds (60 to 86400).</source>
        <translation>Time window the GPU charts show at first, in seconds (60 to 86400).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds between job list refreshes while a job runs.</source>
        <translation>Seconds between job list refreshes while a job runs.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the newest log lines in view in the Jobs tab.</source>
        <translation>Keep the newest log lines in view in the Jobs tab.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lines of a job&apos;s log kept in the Jobs tab&apos;s log view.</source>
        <translation>Lines of a job&apos;s log kept in the Jobs tab&apos;s log view.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own regex for metrics in job logs; named groups become series, (?P&lt;step&gt;…) is the step.</source>
        <translation>Your own regex for metrics in job logs; named groups become series, (?P&lt;step&gt;…) is the step.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify when a job ends, with its duration and cost.</source>
        <translation>Notify when a job ends, with its duration and cost.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder Collect results saves its zip in (the last one you chose); empty: a folder per server under gpudesk&apos;s data folder.</source>
        <translation>Folder Collect results saves its zip in (the last one you chose); empty: a folder per server under gpudesk&apos;s data folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep a copy of the sessions (never passwords or keys) in this folder, e.g. a cloud-drive folder, and merge changes from other computers; empty turns it off.</source>
        <translation>Keep a copy of the sessions (never passwords or keys) in this folder, e.g. a cloud-drive folder, and merge changes from other computers; empty turns it off.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log every terminal&apos;s output to a file automatically (under terminal-logs in the data folder).</source>
        <translation>Log every terminal&apos;s output to a file automatically (under terminal-logs in the data folder).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep escape sequences (colours, cursor moves) in terminal logs instead of plain text.</source>
        <translation>Keep escape sequences (colours, cursor moves) in terminal logs instead of plain text.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new terminal log file once the current one reaches this many MB.</source>
        <translation>Start a new terminal log file once the current one reaches this many MB.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Older terminal log files kept per terminal besides the current one.</source>
        <translation>Older terminal log files kept per terminal besides the current one.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send many small new files as one tar stream when syncing a project (needs tar on the server).</source>
        <translation>Send many small new files as one tar stream when syncing a project (needs tar on the server).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>macOS: the Option key works as Meta (sends Esc + the key, for Emacs and readline) instead of typing its character.</source>
        <translation>macOS: the Option key works as Meta (sends Esc + the key, for Emacs and readline) instead of typing its character.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command that opens a downloaded file for editing, e.g. &quot;code --wait&quot; or &quot;notepad&quot;; empty uses the system&apos;s text editor.</source>
        <translation>Command that opens a downloaded file for editing, e.g. &quot;code --wait&quot; or &quot;notepad&quot;; empty uses the system&apos;s text editor.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save passwords and tokens even when the only password store keeps them in a file without real protection (not recommended).</source>
        <translation>Save passwords and tokens even when the only password store keeps them in a file without real protection (not recommended).</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../ui/settings_dialog.py" line="-245"/>
        <source>Connections</source>
        <translation>Connections</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transfers</source>
        <translation>Transfers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Costs</source>
        <translation>Costs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alerts</source>
        <translation>Alerts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Catalog</source>
        <translation>Catalog</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sessions</source>
        <translation>Sessions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder sync</source>
        <translation>Folder sync</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passwords and tokens</source>
        <translation>Passwords and tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Appearance and language</source>
        <translation>Appearance and language</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Updates</source>
        <translation>Updates</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Settings</source>
        <extracomment>Languages by their own names, the way every desktop app lists them: not translated.</extracomment>
        <translation>Settings</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>Search settings</source>
        <translation>Search settings</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> (after a restart)</source>
        <translation> (after a restart)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Alerts when you are away…</source>
        <translation>Alerts when you are away…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No password store was found on this computer: passwords and tokens are not saved.</source>
        <translation>No password store was found on this computer: passwords and tokens are not saved.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password store: %1. It keeps secrets in a file without real protection, so passwords and tokens are not saved unless you allow it below.</source>
        <translation>Password store: %1. It keeps secrets in a file without real protection, so passwords and tokens are not saved unless you allow it below.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Password store: %1. It keeps secrets in a file without real protection; you allowed it below.</source>
        <translation>Password store: %1. It keeps secrets in a file without real protection; you allowed it below.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password store: %1.</source>
        <translation>Password store: %1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Change keyboard shortcuts…</source>
        <translation>Change keyboard shortcuts…</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>No setting matches “%1”.</source>
        <translation>No setting matches “%1”.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restart gpudesk</source>
        <translation>Restart gpudesk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new language or theme is used after gpudesk restarts.</source>
        <translation>The new language or theme is used after gpudesk restarts.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart now</source>
        <translation>Restart now</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Later</translation>
    </message>
</context>
<context>
    <name>ShortcutEditor</name>
    <message>
        <location filename="../../ui/shortcuts_dialog.py" line="+67"/>
        <source>Change keyboard shortcuts</source>
        <translation>Change keyboard shortcuts</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Click a key field and press the new keys; the clear button removes them. In a terminal, Ctrl+letter keys belong to the shell, so terminal commands use Ctrl+Shift+letter.</source>
        <translation>Click a key field and press the new keys; the clear button removes them. In a terminal, Ctrl+letter keys belong to the shell, so terminal commands use Ctrl+Shift+letter.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Command</source>
        <translation>Command</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Where</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Keys</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keys for “%1”</source>
        <translation>Keys for “%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Reset</source>
        <translation>Reset</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the default: %1</source>
        <translation>Back to the default: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset “%1” to its default</source>
        <translation>Reset “%1” to its default</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Reset all to defaults</source>
        <translation>Reset all to defaults</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <location line="-113"/>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change shortcuts…</source>
        <translation>Change shortcuts…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../ui/shortcuts.py" line="+24"/>
        <source>Window</source>
        <translation>Window</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forwards</source>
        <translation>Forwards</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New session</source>
        <translation>New session</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quick connect</source>
        <translation>Quick connect</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search sessions</source>
        <translation>Search sessions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the current tab</source>
        <translation>Close the current tab</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quit gpudesk</source>
        <translation>Quit gpudesk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New terminal tab</source>
        <translation>New terminal tab</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the terminal selection</source>
        <translation>Copy the terminal selection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste into the terminal</source>
        <translation>Paste into the terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find in the terminal</source>
        <translation>Find in the terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the terminal&apos;s find bar</source>
        <translation>Close the terminal&apos;s find bar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous match in a job&apos;s log</source>
        <translation>Previous match in a job&apos;s log</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected forward</source>
        <translation>Remove the selected forward</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected remote files</source>
        <translation>Delete the selected remote files</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename the selected remote file</source>
        <translation>Rename the selected remote file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh the file list</source>
        <translation>Refresh the file list</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ctrl + mouse wheel</source>
        <translation>Ctrl + mouse wheel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font size</source>
        <translation>Terminal font size</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>In the terminal, Ctrl+letter keys belong to the shell (Ctrl+C stops a program, Ctrl+R searches the history). Use Ctrl+Shift+letter for terminal commands.</source>
        <translation>In the terminal, Ctrl+letter keys belong to the shell (Ctrl+C stops a program, Ctrl+R searches the history). Use Ctrl+Shift+letter for terminal commands.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In the terminal, keys without Ctrl go to the shell (letters, Alt+letter, arrows, function keys). Use Ctrl+Shift+letter for terminal commands.</source>
        <translation>In the terminal, keys without Ctrl go to the shell (letters, Alt+letter, arrows, function keys). Use Ctrl+Shift+letter for terminal commands.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>“%1” and “%2” both use %3. Give one of them other keys.</source>
        <translation>“%1” and “%2” both use %3. Give one of them other keys.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“%1” cannot use %2: %3</source>
        <translation>“%1” cannot use %2: %3</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>SpendingReport</name>
    <message>
        <location filename="../../ui/billing/report.py" line="-186"/>
        <source>Spending report</source>
        <translation>Spending report</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Everything</source>
        <translation>Everything</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show:</source>
        <translation>Show:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Day</source>
        <translation>Day</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Billed time</source>
        <translation>Billed time</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Total: %1</source>
        <translation>Total: %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+10"/>
        <source>Export spending</source>
        <translation>Export spending</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1</source>
        <translation>Saved %1</translation>
    </message>
</context>
<context>
    <name>SyncDialog</name>
    <message>
        <location filename="../../ui/sync/dialog.py" line="+36"/>
        <source>Sync folders</source>
        <translation>Sync folders</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>~/project (relative to your home on the server)</source>
        <translation>~/project (relative to your home on the server)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload: this computer → server</source>
        <translation>Upload: this computer → server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download: server → this computer (results)</source>
        <translation>Download: server → this computer (results)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>More patterns, e.g. data/ *.npy (always left out: %1)</source>
        <translation>More patterns, e.g. data/ *.npy (always left out: %1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Respect .gitignore</source>
        <translation>Respect .gitignore</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete files at the receiving side that the other side lacks</source>
        <translation>Delete files at the receiving side that the other side lacks</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved pair</source>
        <translation>Saved pair</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+97"/>
        <source>Local folder</source>
        <translation>Local folder</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Remote folder</source>
        <translation>Remote folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Direction</source>
        <translation>Direction</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude</source>
        <translation>Exclude</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Preview shows what would change; nothing is sent until you press Sync.</source>
        <translation>Preview shows what would change; nothing is sent until you press Sync.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sync</source>
        <translation>Sync</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>New pair</source>
        <translation>New pair</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Choose a local folder and a remote folder.</source>
        <translation>Choose a local folder and a remote folder.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparing…</source>
        <translation>Comparing…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Up to date: %1 files unchanged.</source>
        <translation>Up to date: %1 files unchanged.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 new, %2 changed, %3 deleted, %4 unchanged; %5 to send.</source>
        <translation>%1 new, %2 changed, %3 deleted, %4 unchanged; %5 to send.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Files only at the receiving side are kept (tick Delete to remove them).</source>
        <translation>Files only at the receiving side are kept (tick Delete to remove them).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sync failed: %1</source>
        <translation>Sync failed: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Syncing…</source>
        <translation>Syncing…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Done: sent %1 files (%2), deleted %3.</source>
        <translation>Done: sent %1 files (%2), deleted %3.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cancelled. Files already sent stay; Preview shows what is left.</source>
        <translation>Cancelled. Files already sent stay; Preview shows what is left.</translation>
    </message>
</context>
<context>
    <name>SyncError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+781"/>
        <source>The pattern {pattern} has a [ without its ].</source>
        <translation>The pattern {pattern} has a [ without its ].</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pattern {pattern} names an unknown class [:{name}:].</source>
        <translation>The pattern {pattern} names an unknown class [:{name}:].</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pattern {pattern} ends with a lone backslash.</source>
        <translation>The pattern {pattern} ends with a lone backslash.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped line {line} of {file}: {error}</source>
        <translation>Skipped line {line} of {file}: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ignored .gitignore: it is larger than {size} bytes.</source>
        <translation>Ignored .gitignore: it is larger than {size} bytes.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown direction {direction}: use upload or download.</source>
        <translation>Unknown direction {direction}: use upload or download.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder to sync from does not exist here: {path}</source>
        <translation>The folder to sync from does not exist here: {path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder to sync from does not exist on the server: {path}</source>
        <translation>The folder to sync from does not exist on the server: {path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {count} link(s) on the server, e.g. {path}: links are not copied.</source>
        <translation>Skipped {count} link(s) on the server, e.g. {path}: links are not copied.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: the server has a link there, and a sync never writes through one.</source>
        <translation>Skipped {path}: the server has a link there, and a sync never writes through one.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left out {names}: they would all be {path} here. Rename them on the server.</source>
        <translation>Left out {names}: they would all be {path} here. Rename them on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; files with another mtime count as changed.</source>
        <translation>The server has no sha256sum/shasum; files with another mtime count as changed.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server sent more than {size} bytes for one listing; sync a smaller folder.</source>
        <translation>The server sent more than {size} bytes for one listing; sync a smaller folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not answer within {seconds:.0f} s.</source>
        <translation>The server did not answer within {seconds:.0f} s.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not create {path} on the server: {error}</source>
        <translation>Could not create {path} on the server: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create folders under {path} on the server.</source>
        <translation>Could not create folders under {path} on the server.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{path} changed while it was being sent; it goes with the next sync.</source>
        <translation>{path} changed while it was being sent; it goes with the next sync.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipped {path}: the server has a folder of that name.</source>
        <translation>Skipped {path}: the server has a folder of that name.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not put {path} in place on the server.</source>
        <translation>Could not put {path} in place on the server.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>… and {count} more files that did not take their place.</source>
        <translation>… and {count} more files that did not take their place.</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Some files could not be deleted on the server.</source>
        <translation>Some files could not be deleted on the server.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skipped {path}: it is gone here since the comparison.</source>
        <translation>Skipped {path}: it is gone here since the comparison.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create {path}: {error}</source>
        <translation>Could not create {path}: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: a link is in the way here, and downloads never write through one.</source>
        <translation>Skipped {path}: a link is in the way here, and downloads never write through one.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it would be written outside {folder}.</source>
        <translation>Skipped {path}: it would be written outside {folder}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it is gone from the server since the comparison.</source>
        <translation>Skipped {path}: it is gone from the server since the comparison.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kept {path}: on this disk it is the same file as one on the server (the names differ only in case or accents).</source>
        <translation>Kept {path}: on this disk it is the same file as one on the server (the names differ only in case or accents).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not delete {path}: {error}</source>
        <translation>Could not delete {path}: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed on the server while it was being fetched; it comes with the next sync.</source>
        <translation>{path} changed on the server while it was being fetched; it comes with the next sync.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not put {path} in place: {error}</source>
        <translation>Could not put {path} in place: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is not a folder.</source>
        <translation>{path} is not a folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left out {path}: the server listed a name no folder can hold.</source>
        <translation>Left out {path}: the server listed a name no folder can hold.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list {path} on the server: {error}</source>
        <translation>Could not list {path} on the server: {error}</translation>
    </message>
</context>
<context>
    <name>SyncFolder</name>
    <message>
        <location line="-131"/>
        <source>Could not read the sync file {path}: {error}.</source>
        <translation>Could not read the sync file {path}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sync file {path} was written by a newer gpudesk. Update gpudesk on this computer.</source>
        <translation>The sync file {path} was written by a newer gpudesk. Update gpudesk on this computer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sync file {path} is damaged ({error}). It was left as it is: restore it from your cloud drive&apos;s history, or move it away to start afresh.</source>
        <translation>The sync file {path} is damaged ({error}). It was left as it is: restore it from your cloud drive&apos;s history, or move it away to start afresh.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not write the sync file {path}: {error}.</source>
        <translation>Could not write the sync file {path}: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: {error}</source>
        <translation>{name}: {error}</translation>
    </message>
</context>
<context>
    <name>TelemetryFeed</name>
    <message>
        <location line="-199"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
</context>
<context>
    <name>TerminalCanvas</name>
    <message>
        <location filename="../../ui/terminal/canvas.py" line="+608"/>
        <source>Paste</source>
        <extracomment>Synchronized output (mode 2026) holds repaints at most this long, as other terminals do, so a program that never ends its update cannot freeze the view. the terminal&apos;s state; it hides QWidget.screen() (the monitor), which nothing here asks for &quot;allow&quot;, &quot;deny&quot; or None (ask) for the server this terminal shows; the view sets it</extracomment>
        <translation>Paste</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Paste %n line(s) into the terminal?</source>
        <translation>
            <numerusform>Paste %n line(s) into the terminal?</numerusform>
            <numerusform>Paste %n line(s) into the terminal?</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It ends with a line break: the shell runs it at once.</source>
        <translation>It ends with a line break: the shell runs it at once.</translation>
    </message>
</context>
<context>
    <name>TerminalPanel</name>
    <message>
        <location filename="../../ui/terminal/panel.py" line="+44"/>
        <source>New tab</source>
        <translation>New tab</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open another shell on this connection</source>
        <translation>Open another shell on this connection</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split right</source>
        <translation>Split right</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split down</source>
        <translation>Split down</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+258"/>
        <source>Broadcast</source>
        <translation>Broadcast</translation>
    </message>
    <message>
        <location line="-256"/>
        <source>Send what you type to every terminal ticked in this menu</source>
        <translation>Send what you type to every terminal ticked in this menu</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Quick commands</source>
        <translation>Quick commands</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log to file</source>
        <translation>Log to file</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write what these terminals show to log files (rotated by size)</source>
        <translation>Write what these terminals show to log files (rotated by size)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open log folder</source>
        <translation>Open log folder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this session&apos;s terminal logs in the file manager</source>
        <translation>Show this session&apos;s terminal logs in the file manager</translation>
    </message>
    <message>
        <location line="+76"/>
        <location line="+85"/>
        <source>Shell %1</source>
        <translation>Shell %1</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>No room to split this terminal: each part needs at least %1 columns and %2 rows.</source>
        <translation>No room to split this terminal: each part needs at least %1 columns and %2 rows.</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>All terminals</source>
        <translation>All terminals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Broadcast (%1)</source>
        <translation>Broadcast (%1)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Broadcasting</source>
        <translation>Broadcasting</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add quick command…</source>
        <translation>Add quick command…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Add quick command</source>
        <translation>Add quick command</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only for this session</source>
        <translation>Only for this session</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Command</translation>
    </message>
</context>
<context>
    <name>TerminalView</name>
    <message>
        <location filename="../../ui/terminal/view.py" line="+248"/>
        <source>Could not open a shell: %1</source>
        <translation>Could not open a shell: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <location line="+12"/>
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The shell has ended.</source>
        <translation>The shell has ended.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restart</source>
        <translation>Restart</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connection lost. Your programs keep running in tmux session %1 on the server.</source>
        <translation>Connection lost. Your programs keep running in tmux session %1 on the server.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connection lost. The screen below is what the server sent last.</source>
        <translation>Connection lost. The screen below is what the server sent last.</translation>
    </message>
</context>
<context>
    <name>TransferError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+310"/>
        <source>The fast path for small files failed ({error}); sending them one by one.</source>
        <translation>The fast path for small files failed ({error}); sending them one by one.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fast path for small files failed ({error}); fetching them one by one.</source>
        <translation>The fast path for small files failed ({error}); fetching them one by one.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The remote file or folder does not exist ({path}); it may have been moved or deleted.</source>
        <translation>The remote file or folder does not exist ({path}); it may have been moved or deleted.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The remote file or folder does not exist; it may have been moved or deleted.</source>
        <translation>The remote file or folder does not exist; it may have been moved or deleted.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on the server ({path}). Check the folder&apos;s owner and permissions.</source>
        <translation>Permission denied on the server ({path}). Check the folder&apos;s owner and permissions.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on the server. Check the folder&apos;s owner and permissions.</source>
        <translation>Permission denied on the server. Check the folder&apos;s owner and permissions.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full ({path}). Free some space and retry.</source>
        <translation>The server&apos;s disk is full ({path}). Free some space and retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full. Free some space and retry.</source>
        <translation>The server&apos;s disk is full. Free some space and retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the server reported a failure</source>
        <translation>the server reported a failure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not complete the request ({path}): {error}.</source>
        <translation>The server could not complete the request ({path}): {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not complete the request: {error}.</source>
        <translation>The server could not complete the request: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local disk is full ({path}). Free some space and retry.</source>
        <translation>The local disk is full ({path}). Free some space and retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local disk is full. Free some space and retry.</source>
        <translation>The local disk is full. Free some space and retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</source>
        <translation>{path} is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</source>
        <translation>A file is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on this computer ({path}). Choose a folder you can write to.</source>
        <translation>Permission denied on this computer ({path}). Choose a folder you can write to.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on this computer. Choose a folder you can write to.</source>
        <translation>Permission denied on this computer. Choose a folder you can write to.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local path is too long for this computer ({length} characters: {path}). Choose a shorter folder, or on Windows turn on long paths (the LongPathsEnabled setting).</source>
        <translation>The local path is too long for this computer ({length} characters: {path}). Choose a shorter folder, or on Windows turn on long paths (the LongPathsEnabled setting).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local file or folder does not exist ({path}); it may have been moved or deleted.</source>
        <translation>The local file or folder does not exist ({path}); it may have been moved or deleted.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local file or folder does not exist; it may have been moved or deleted.</source>
        <translation>The local file or folder does not exist; it may have been moved or deleted.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A local disk error occurred ({path}): {error}.</source>
        <translation>A local disk error occurred ({path}): {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A local disk error occurred: {error}.</source>
        <translation>A local disk error occurred: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Renamed {old} to {new}: the name is not safe on this computer.</source>
        <translation>Renamed {old} to {new}: the name is not safe on this computer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection was lost ({error}).</source>
        <translation>The connection was lost ({error}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A folder with this name already exists on the server ({path}).</source>
        <translation>A folder with this name already exists on the server ({path}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The partial copy of {name} on the server did not match; starting over.</source>
        <translation>The partial copy of {name} on the server did not match; starting over.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full ({path}). Free some space there and retry.</source>
        <translation>The server&apos;s disk is full ({path}). Free some space there and retry.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} changed size while it was being uploaded; retry when it is complete.</source>
        <translation>{name} changed size while it was being uploaded; retry when it is complete.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size check failed for {name}: the server has {got} bytes, expected {size}.</source>
        <translation>Size check failed for {name}: the server has {got} bytes, expected {size}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; {name} was checked by size only.</source>
        <translation>The server has no sha256sum/shasum; {name} was checked by size only.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHA-256 check failed for {name}; the copy was removed. Retry the transfer.</source>
        <translation>SHA-256 check failed for {name}; the copy was removed. Retry the transfer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A folder with this name already exists here ({path}).</source>
        <translation>A folder with this name already exists here ({path}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The partial copy of {name} did not match the server&apos;s file; starting over.</source>
        <translation>The partial copy of {name} did not match the server&apos;s file; starting over.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size check failed for {name}: got {got} bytes, expected {size}.</source>
        <translation>Size check failed for {name}: got {got} bytes, expected {size}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not connected.</source>
        <translation>Not connected.</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>The connection was lost.</source>
        <translation>The connection was lost.</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Unexpected error: {error}</source>
        <translation>Unexpected error: {error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start SFTP: {error}.</source>
        <translation>Could not start SFTP: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s SFTP subsystem did not answer as expected.</source>
        <translation>The server&apos;s SFTP subsystem did not answer as expected.</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>The server stopped taking data for {seconds:.0f} s while sending (timed out).</source>
        <translation>The server stopped taking data for {seconds:.0f} s while sending (timed out).</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The connection was lost while sending ({error}).</source>
        <translation>The connection was lost while sending ({error}).</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>The server stopped answering for {seconds:.0f} s (timed out).</source>
        <translation>The server stopped answering for {seconds:.0f} s (timed out).</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The connection was lost (the SFTP channel closed).</source>
        <translation>The connection was lost (the SFTP channel closed).</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>tar on the server failed: {error}</source>
        <translation>tar on the server failed: {error}</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>tar on the server failed: exit code {code}</source>
        <translation>tar on the server failed: exit code {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tar stream broke off ({error})</source>
        <translation>the tar stream broke off ({error})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the link {path}: it points outside the folder.</source>
        <translation>Skipped the link {path}: it points outside the folder.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the link {path}: links to folders are not followed.</source>
        <translation>Skipped the link {path}: links to folders are not followed.</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>Skipped {path}: not a regular file.</source>
        <translation>Skipped {path}: not a regular file.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Skipped {path}: the server listed a name no folder can hold.</source>
        <translation>Skipped {path}: the server listed a name no folder can hold.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the broken link {path}.</source>
        <translation>Skipped the broken link {path}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file with this name already exists on the server ({path}).</source>
        <translation>A file with this name already exists on the server ({path}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; the folder was checked by size only.</source>
        <translation>The server has no sha256sum/shasum; the folder was checked by size only.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHA-256 check failed for {count} file(s), e.g. {path}. Retry the transfer.</source>
        <translation>SHA-256 check failed for {count} file(s), e.g. {path}. Retry the transfer.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file with this name already exists here ({path}).</source>
        <translation>A file with this name already exists here ({path}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refused to write outside {folder} ({path}).</source>
        <translation>Refused to write outside {folder} ({path}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it would be written outside {folder}.</source>
        <translation>Skipped {path}: it would be written outside {folder}.</translation>
    </message>
</context>
<context>
    <name>Transfers</name>
    <message>
        <location filename="../../ui/files/queue_view.py" line="-130"/>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running</source>
        <translation>Running</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Upload</source>
        <translation>Upload</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download</source>
        <translation>Download</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Skipped</source>
        <translation>Skipped</translation>
    </message>
</context>
<context>
    <name>Updates</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+1"/>
        <source>No release feed is configured (Settings → updates.feed_url).</source>
        <translation>No release feed is configured (Settings → updates.feed_url).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach the release feed: {error}.</source>
        <translation>Could not reach the release feed: {error}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The release feed answered HTTP {status}.</source>
        <translation>The release feed answered HTTP {status}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The release feed is not in the expected format.</source>
        <translation>The release feed is not in the expected format.</translation>
    </message>
</context>
<context>
    <name>UploadTable</name>
    <message>
        <location filename="../../ui/multi/uploads.py" line="+6"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Progress</source>
        <translation>Progress</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
</context>
<context>
    <name>UrlDialog</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+25"/>
        <source>Open in browser</source>
        <translation>Open in browser</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No web browser could be started on this computer. The forward is running; open this address in a browser yourself:</source>
        <translation>No web browser could be started on this computer. The forward is running; open this address in a browser yourself:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy address</source>
        <translation>Copy address</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
</context>
<context>
    <name>Xid</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-465"/>
        <source>GPU stopped processing</source>
        <translation>GPU stopped processing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine exception (usually the application&apos;s fault)</source>
        <translation>Graphics engine exception (usually the application&apos;s fault)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU memory page fault (usually the application&apos;s fault)</source>
        <translation>GPU memory page fault (usually the application&apos;s fault)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invalid or corrupted push buffer stream</source>
        <translation>Invalid or corrupted push buffer stream</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Driver firmware error</source>
        <translation>Driver firmware error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU stopped processing one application&apos;s channel (the application&apos;s fault)</source>
        <translation>GPU stopped processing one application&apos;s channel (the application&apos;s fault)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine fault during context switch</source>
        <translation>Graphics engine fault during context switch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preemptive cleanup after an earlier error</source>
        <translation>Preemptive cleanup after an earlier error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-bit ECC error (uncorrectable memory error)</source>
        <translation>Double-bit ECC error (uncorrectable memory error)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Display engine error</source>
        <translation>Display engine error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error programming video memory interface</source>
        <translation>Error programming video memory interface</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Internal micro-controller breakpoint/warning</source>
        <translation>Internal micro-controller breakpoint/warning</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Internal micro-controller halt</source>
        <translation>Internal micro-controller halt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC page retirement or row remapping recorded (a GPU reset applies it)</source>
        <translation>ECC page retirement or row remapping recorded (a GPU reset applies it)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC page retirement or row remapping failed</source>
        <translation>ECC page retirement or row remapping failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Video decoder exception</source>
        <translation>Video decoder exception</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine class error</source>
        <translation>Graphics engine class error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink error</source>
        <translation>NVLink error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU has fallen off the bus</source>
        <translation>GPU has fallen off the bus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High single-bit ECC error rate</source>
        <translation>High single-bit ECC error rate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contained ECC error (the affected application was stopped)</source>
        <translation>Contained ECC error (the affected application was stopped)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uncontained ECC error (every application on the GPU is affected)</source>
        <translation>Uncontained ECC error (every application on the GPU is affected)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context switch timeout</source>
        <translation>Context switch timeout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GSP firmware RPC timeout</source>
        <translation>GSP firmware RPC timeout</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GSP firmware error</source>
        <translation>GSP firmware error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C2C link error</source>
        <translation>C2C link error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SPI PMU RPC read failure</source>
        <translation>SPI PMU RPC read failure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SPI PMU RPC write failure</source>
        <translation>SPI PMU RPC write failure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unrecovered ECC error</source>
        <translation>Unrecovered ECC error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU initialization failure</source>
        <translation>GPU initialization failure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink network error</source>
        <translation>NVLink network error</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU recovery action changed (see nvidia-smi -q &apos;GPU Recovery Action&apos;)</source>
        <translation>GPU recovery action changed (see nvidia-smi -q &apos;GPU Recovery Action&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unlisted Xid (see NVIDIA&apos;s Xid catalog)</source>
        <translation>Unlisted Xid (see NVIDIA&apos;s Xid catalog)</translation>
    </message>
</context>
<context>
    <name>_ClipboardNotice</name>
    <message>
        <location filename="../../ui/terminal/view.py" line="-216"/>
        <source>Allow for this server</source>
        <translation>Allow for this server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not from this server</source>
        <translation>Not from this server</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo</source>
        <translation>Undo</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A program on %1 wants to set your clipboard. Allow it for this server?</source>
        <translation>A program on %1 wants to set your clipboard. Allow it for this server?</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 set your clipboard (%n character(s)).</source>
        <translation>
            <numerusform>%1 set your clipboard (%n character(s)).</numerusform>
            <numerusform>%1 set your clipboard (%n character(s)).</numerusform>
        </translation>
    </message>
</context>
</TS>
