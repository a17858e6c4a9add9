<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="+54"/>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
</context>
<context>
    <name>Accessibility</name>
    <message>
        <location filename="../../ui/a11y.py" line="+16"/>
        <source>More toolbar buttons</source>
        <translation>更多工具栏按钮</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Close %1</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Clear the text</source>
        <translation>清除文本</translation>
    </message>
</context>
<context>
    <name>AccountDialog</name>
    <message>
        <location filename="../../ui/providers/account_dialog.py" line="+21"/>
        <source>Add a provider account</source>
        <translation>添加服务商账户</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API address</source>
        <translation>API 地址</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API token</source>
        <translation>API 令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>URL templates (JSON)</source>
        <translation>URL 模板（JSON）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test and save</source>
        <translation>测试并保存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The token is kept in the system keyring, never in a file.</source>
        <translation>令牌保存在系统密钥环中，不会写入文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>AutoDL: only Pro instances (容器实例 Pro) are supported. Other AutoDL instances do not appear in the list and cannot be started or stopped from here.</source>
        <translation>AutoDL：仅支持 Pro 实例（容器实例 Pro）。其他 AutoDL 实例不会出现在列表中，也无法在这里开机或关机。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>https://your-api.example.com</source>
        <translation>https://your-api.example.com</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Give the account a name.</source>
        <translation>请为账户命名。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The URL templates must be a JSON object, e.g. %1</source>
        <translation>URL 模板必须是 JSON 对象，例如 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Enter the API address.</source>
        <translation>请输入 API 地址。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Paste the API token from your provider&apos;s console.</source>
        <translation>请粘贴服务商控制台中的 API 令牌。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Testing the token…</source>
        <translation>正在测试令牌…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>AddChannelDialog</name>
    <message>
        <location filename="../../ui/alerts_settings.py" line="+82"/>
        <source>Add an alert channel</source>
        <translation>添加提醒通道</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Channel name</source>
        <translation>通道名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+12"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Token, password or signing key</source>
        <translation>令牌、密码或签名密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kept in the system keyring only (optional)</source>
        <translation>只保存在系统钥匙串中（可选）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Secret</source>
        <translation>密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Pick at least one kind of news.</source>
        <translation>请至少选择一种消息。</translation>
    </message>
</context>
<context>
    <name>Alerts</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+124"/>
        <source>This Telegram channel has no bot token in the keyring; add it again with --secret-env.</source>
        <translation>此 Telegram 通道在系统钥匙串中没有机器人令牌；请用 --secret-env 重新添加。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add the chat to the Telegram URL: https://api.telegram.org/?chat_id=123456789</source>
        <translation>请在 Telegram URL 中加上会话：https://api.telegram.org/?chat_id=123456789</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A {kind} channel is not sent over HTTP.</source>
        <translation>{kind} 通道不通过 HTTP 发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no answer within {s:.0f} s</source>
        <translation>{s:.0f} 秒内无应答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not reach it: {error}</source>
        <translation>无法连接：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HTTP {status}: {answer}</source>
        <translation>HTTP {status}：{answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telegram said: {answer}</source>
        <translation>Telegram 返回：{answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error {code}: {answer}</source>
        <translation>错误 {code}：{answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted (HTTP {status})</source>
        <translation>已接收（HTTP {status}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tls=none is allowed only for a mail relay on this computer (localhost).</source>
        <translation>tls=none 只允许用于本机（localhost）上的邮件中继。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server refused the login ({code})</source>
        <translation>邮件服务器拒绝了登录（{code}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server said {code}: {answer}</source>
        <translation>邮件服务器返回 {code}：{answer}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>could not reach the mail server: {error}</source>
        <translation>无法连接邮件服务器：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the mail server refused {count} recipient(s)</source>
        <translation>邮件服务器拒绝了 {count} 个收件人</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accepted by the mail server</source>
        <translation>邮件服务器已接收</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alert limits file</source>
        <translation>提醒阈值文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The credit threshold cannot be negative.</source>
        <translation>余额阈值不能为负数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server: {server}</source>
        <translation>服务器：{server}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit code: {code}</source>
        <translation>退出码：{code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run time: {time}</source>
        <translation>运行时长：{time}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost of the run: {cost}</source>
        <translation>本次运行费用：{cost}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diagnosis: {title} — {line}</source>
        <translation>诊断：{title} — {line}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job &apos;{job}&apos; failed on {server}</source>
        <translation>任务“{job}”在 {server} 上失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job &apos;{job}&apos; finished on {server}</source>
        <translation>任务“{job}”在 {server} 上完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget reached on {server}</source>
        <translation>{server} 已达到预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{server} is idle and still billing</source>
        <translation>{server} 处于空闲状态，仍在计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle for {minutes} min; the question in gpudesk is not answered.</source>
        <translation>已空闲 {minutes} 分钟；gpudesk 中的提问尚无人回答。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate: {rate:.2f} {currency}/h</source>
        <translation>费率：{rate:.2f} {currency}/小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk will stop the instance</source>
        <translation>gpudesk 将停止该实例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk will terminate the instance</source>
        <translation>gpudesk 将销毁该实例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without an answer the server keeps running and billing.</source>
        <translation>若无人回答，服务器将继续运行并计费。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last automatic attempt failed: {error}</source>
        <translation>上一次自动操作失败：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{spent:.2f} of the {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</source>
        <translation>{server} 的 {budget:.2f} {currency} 预算已花费 {spent:.2f}（{pct:.0f}%）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{spent:.2f} of today&apos;s {budget:.2f} {currency} budget for {server} is spent ({pct:.0f}%).</source>
        <translation>{server} 今日 {budget:.2f} {currency} 预算已花费 {spent:.2f}（{pct:.0f}%）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget nearly spent on {server}</source>
        <translation>{server} 的预算即将用完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} of {server} not confirmed: it may still bill</source>
        <translation>{server} 的 {action} 未得到确认：可能仍在计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard on {server} acted: {action}</source>
        <translation>{server} 上的守护执行了操作：{action}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outcome: {outcome}</source>
        <translation>结果：{outcome}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why: {reason}</source>
        <translation>原因：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server guard: {action} on {server}</source>
        <translation>服务器守护：在 {server} 上执行 {action}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance of {server} was preempted</source>
        <translation>{server} 的实例已被抢占</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance of {server} is gone ({status})</source>
        <translation>{server} 的实例已不存在（{status}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider state: {state}</source>
        <translation>云平台状态：{state}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Credit low at {provider}</source>
        <translation>{provider} 余额不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount:.2f} {currency} left (your alert threshold is {threshold:.2f}). Servers stop when it runs out.</source>
        <translation>剩余 {amount:.2f} {currency}（您的提醒阈值为 {threshold:.2f}）。余额耗尽时服务器会被停止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job finished</source>
        <translation>任务完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job failed</source>
        <translation>任务失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle server, question not answered</source>
        <translation>服务器空闲，提问无人回答</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop requested but not confirmed</source>
        <translation>已请求停止但未确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server guard acted</source>
        <translation>服务器守护已执行操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance preempted or gone</source>
        <translation>实例被抢占或已消失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider credit low</source>
        <translation>云平台余额不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget or deadline near</source>
        <translation>预算或截止时间将到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU you want is in stock</source>
        <translation>想要的 GPU 有货了</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test message</source>
        <translation>测试消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{event}</source>
        <translation>{event}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{name}&apos; is not a usable channel name: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (up to 64).</source>
        <translation>“{name}”不能用作通道名称：请使用字母、数字、“.”、“_”或“-”（最多 64 个字符）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown channel kind &apos;{kind}&apos;; use one of: {kinds}.</source>
        <translation>未知的通道类型“{kind}”；请使用以下之一：{kinds}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown event &apos;{event}&apos;; use one of: {events}.</source>
        <translation>未知的事件“{event}”；请使用以下之一：{events}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The URL must start with http:// or https:// and name a host.</source>
        <translation>URL 必须以 http:// 或 https:// 开头并包含主机名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An email channel&apos;s URL looks like smtps://user@mail.example.com:465?to=you@example.com (smtp:// uses STARTTLS).</source>
        <translation>邮件通道的 URL 形如 smtps://user@mail.example.com:465?to=you@example.com（smtp:// 使用 STARTTLS）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say where the mail goes: add ?to=you@example.com to the URL.</source>
        <translation>请指明收件人：在 URL 中加上 ?to=you@example.com。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the channel was removed</source>
        <translation>该通道已被删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alerts outbox</source>
        <translation>提醒发件箱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>desktop notifications are shown by the running app, and none is listening here</source>
        <translation>桌面通知由运行中的应用显示，而这里没有应用在监听</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shown by the app</source>
        <translation>已由应用显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk test message</source>
        <translation>gpudesk 测试消息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>If you read this, gpudesk&apos;s alerts reach you here.</source>
        <translation>如果您看到这条消息，说明 gpudesk 的提醒可以送达这里。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU stock watch file</source>
        <translation>GPU 到货提醒文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU called &apos;{gpu}&apos; in the catalog (try H100, H200 SXM, A100 80GB).</source>
        <translation>目录中没有名为“{gpu}”的 GPU（试试 H100、H200 SXM、A100 80GB）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price must be an amount above 0.</source>
        <translation>价格必须是大于 0 的金额。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU count must be between 1 and 64.</source>
        <translation>GPU 数量必须在 1 到 64 之间。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most {n} GPUs can be watched.</source>
        <translation>最多只能关注 {n} 种 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{gpu} at {provider}: ${price:.2f}/GPU-h</source>
        <translation>{provider} 有 {gpu}：${price:.2f}/GPU·小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count}× {name}{where} at ${price:.2f} per GPU-hour, at or under your ${limit:.2f}. Rent it in gpudesk: Catalog → Refresh prices → Rent this offer. Source: {source}</source>
        <translation>{count}× {name}{where}，每 GPU·小时 ${price:.2f}，不高于你设定的 ${limit:.2f}。在 gpudesk 中租用：GPU 选型 → 刷新价格 → 租用此报价。来源：{source}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The alert channels file</source>
        <translation>提醒通道文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A {kind} channel needs --url.</source>
        <translation>{kind} 通道需要 --url。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This channel needs a secret kept in the system keyring, and none is usable here: {reason}</source>
        <translation>此通道需要把密钥保存在系统钥匙串中，但这里没有可用的钥匙串：{reason}</translation>
    </message>
</context>
<context>
    <name>AlertsDialog</name>
    <message>
        <location filename="../../ui/alerts_settings.py" line="-112"/>
        <source>Desktop notification</source>
        <translation>桌面通知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ntfy (phone push)</source>
        <translation>ntfy（手机推送）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Webhook (JSON)</source>
        <translation>Webhook（JSON）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email (SMTP)</source>
        <translation>电子邮件（SMTP）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telegram bot</source>
        <translation>Telegram 机器人</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feishu / Lark group bot</source>
        <translation>飞书 / Lark 群机器人</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DingTalk group bot</source>
        <translation>钉钉群机器人</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WeCom group bot</source>
        <translation>企业微信群机器人</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(no address: the app shows it)</source>
        <translation>（无需地址：由应用显示）</translation>
    </message>
    <message>
        <location line="+128"/>
        <source>Alerts when you are away</source>
        <translation>离开时的提醒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gpudesk can tell you on your phone, by email or in a group chat when a job ends or fails, a server sits idle and billing, a stop is not confirmed or credit runs low.</source>
        <translation>当任务结束或失败、服务器空闲却仍在计费、停止操作未被确认或余额不足时，gpudesk 可以通过手机、电子邮件或群聊通知您。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alert channels</source>
        <translation>提醒通道</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send a test</source>
        <translation>发送测试</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Save events</source>
        <translation>保存事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>News sent to the selected channel</source>
        <translation>发送到所选通道的消息</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Alert when a provider&apos;s credit is below</source>
        <translation>云平台余额低于此值时提醒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Credit threshold</source>
        <translation>余额阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the credit threshold</source>
        <translation>保存余额阈值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Also send from the guard on each server, so its news arrives while this computer is off (ntfy, webhook, Telegram, WeCom, unsigned Feishu/DingTalk)</source>
        <translation>也由每台服务器上的守护直接发送，这台电脑关机时也能收到（ntfy、webhook、Telegram、企业微信、未加签的飞书/钉钉）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The guard sends what it did, a deadline or daily cap 30 and 5 minutes away, and jobs that ended while the app was away. The channel&apos;s address and token are kept on the server in a file only your account can read. Applied when the app next connects to each server.</source>
        <translation>守护会发送它做了什么、距离截止时间或每日上限还有 30 分钟和 5 分钟，以及应用不在时结束的任务。渠道的地址和令牌保存在服务器上一个只有你的账户能读的文件里。应用下次连接每台服务器时生效。</translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+14"/>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Pick at least one kind of news.</source>
        <translation>请至少选择一种消息。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sending a test…</source>
        <translation>正在发送测试…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>accepted</source>
        <translation>已接收</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No channel to test.</source>
        <translation>没有可测试的通道。</translation>
    </message>
</context>
<context>
    <name>AuditLog</name>
    <message>
        <location filename="../../ui/billing/report.py" line="+152"/>
        <source>Automatic actions log</source>
        <translation>自动操作日志</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the server guard</source>
        <translation>服务器守护程序</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>requested — waiting for the provider to confirm</source>
        <translation>已请求 — 等待服务商确认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>confirmed by the provider (%1)</source>
        <translation>服务商已确认（%1）</translation>
    </message>
</context>
<context>
    <name>Billing</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+3"/>
        <source>{action} not confirmed — may still bill</source>
        <translation>{action} 未确认 — 可能仍在计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not yet confirmed</source>
        <translation>已请求 {action} — 尚未确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested {minutes} min ago — not confirmed: {provider} still reports {state}. It may still bill; try again.</source>
        <translation>{minutes} 分钟前已请求 {action} — 未确认：{provider} 仍报告 {state}。可能仍在计费，请重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not yet confirmed by {provider}</source>
        <translation>已请求 {action} — {provider} 尚未确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the time as HH:MM, e.g. 23:00 (not &apos;{text}&apos;).</source>
        <translation>请按 HH:MM 格式填写时间，例如 23:00（而不是 &apos;{text}&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a time of day.</source>
        <translation>&apos;{text}&apos; 不是有效的时刻。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the provider did not say why</source>
        <translation>服务商未说明原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle minutes must be positive and the threshold not negative.</source>
        <translation>空闲分钟数必须大于 0，阈值不能为负数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Price unit must be one of {units}, not &apos;{unit}&apos;.</source>
        <translation>价格单位必须是 {units} 之一，而不是 &apos;{unit}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Granularity must be one of {steps}, not &apos;{step}&apos;.</source>
        <translation>计费粒度必须是 {steps} 之一，而不是 &apos;{step}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A price cannot be negative.</source>
        <translation>价格不能为负数。</translation>
    </message>
    <message>
        <location line="+321"/>
        <source>No provider API for this session: stop the server in your provider&apos;s console.</source>
        <translation>此会话没有服务商 API：请在服务商控制台中关机。</translation>
    </message>
</context>
<context>
    <name>BillingChart</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="+172"/>
        <source>total (%1)</source>
        <translation>总计（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>for %1 h of use</source>
        <translation>按使用 %1 小时计</translation>
    </message>
    <message>
        <location filename="../../ui/catalog/billing_text.py" line="+9"/>
        <source>hourly</source>
        <translation>按量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>daily</source>
        <translation>按天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monthly</source>
        <translation>包月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved 1 year</source>
        <translation>包年 1 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved 3 years</source>
        <translation>包年 3 年</translation>
    </message>
    <message>
        <location filename="../../ui/core_strings.py" line="-309"/>
        <source>Pay for the hours used; stop any time.</source>
        <translation>按实际使用小时付费；随时可停。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider&apos;s daily price.</source>
        <translation>服务商的按天价格。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Provider&apos;s monthly price.</source>
        <translation>服务商的包月价格。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No monthly price published: {hours:.0f} h of the hourly price per month started.</source>
        <translation>未公布包月价格：每开始一个月按 {hours:.0f} 小时的按量价格计。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Can be reclaimed at short notice (often under {minutes:.0f} minutes): checkpoint every 10–30 minutes and expect restarts; not for interactive work or services.</source>
        <translation>可能被临时回收（通常提前不到 {minutes:.0f} 分钟通知）：每 10–30 分钟保存一次检查点，并做好重启准备；不适合交互式工作或在线服务。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} has no spot price for this instance in the snapshot.</source>
        <translation>快照中 {provider} 没有此实例的竞价价格。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Typical {discount:.0%} off on-demand for a {years}-year commitment (no published price for this instance); the whole term is paid even if unused.</source>
        <translation>承诺使用 {years} 年通常比按需便宜 {discount:.0%}（此实例无公开价格）；即使未使用，也需支付整个期限的费用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No purchase price for {gpu} in the catalog.</source>
        <translation>目录中没有 {gpu} 的购买价格。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included beyond {extra:,.0f} USD of extra hardware.</source>
        <translation>{n}× {gpu}，每块约 {price:,.0f} USD（标价），另加电费 {kwh:.3f} USD/kWh、每块 {watts:.0f} W；除 {extra:,.0f} USD 的额外硬件外，不含主机服务器、网络、散热和人工成本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n}× {gpu} at ≈{price:,.0f} USD each (list price) plus electricity at {kwh:.3f} USD/kWh and {watts:.0f} W each; host server, networking, cooling and staff not included.</source>
        <translation>{n}× {gpu}，每块约 {price:,.0f} USD（标价），另加电费 {kwh:.3f} USD/kWh、每块 {watts:.0f} W；不含主机服务器、网络、散热和人工成本。</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>No daily price published: 24 h of the hourly price per day started.</source>
        <translation>未公布按天价格：每开始一天按 24 小时的按量价格计。</translation>
    </message>
</context>
<context>
    <name>BillingDialog</name>
    <message>
        <location filename="../../ui/billing/session_dialog.py" line="+15"/>
        <source>per hour</source>
        <translation>按小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per day</source>
        <translation>按天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per month (30 days)</source>
        <translation>按月（30 天）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per second</source>
        <translation>按秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per started minute</source>
        <translation>按分钟（不足 1 分钟按 1 分钟）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per started hour</source>
        <translation>按小时（不足 1 小时按 1 小时）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remind only</source>
        <translation>仅提醒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask, then stop through the API</source>
        <translation>先询问，再通过 API 关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask, then terminate through the API (local data is lost)</source>
        <translation>先询问，再通过 API 释放（本地数据会丢失）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Billing for %1</source>
        <translation>%1 的计费</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+2"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>HH:MM, e.g. 23:00 (empty: none)</source>
        <translation>HH:MM，例如 23:00（留空：不设置）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask to stop when the running job ends</source>
        <translation>运行中的作业结束时询问是否关机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Guard on the server too (works while gpudesk is closed)</source>
        <translation>同时在服务器上守护（gpudesk 关闭时也有效）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A small script on the server applies this policy when gpudesk is not running. Unchecked: it is removed.</source>
        <translation>gpudesk 未运行时，由服务器上的一个小脚本执行此策略。取消勾选即将其移除。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Price (0: not metered)</source>
        <translation>价格（0：不计费）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billed</source>
        <translation>计费粒度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle when every GPU is below</source>
        <translation>所有 GPU 利用率低于此值视为空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>… and nobody used it for</source>
        <translation>…且无人使用已达</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When idle</source>
        <translation>空闲时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for an answer</source>
        <translation>等待回应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget in total (0: none)</source>
        <translation>总预算（0：不限）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget per day (0: none)</source>
        <translation>每日预算（0：不限）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When over budget</source>
        <translation>超出预算时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop at</source>
        <translation>定时关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At that time</source>
        <translation>到时间后</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>This provider has no stop: an instance bills until it is terminated, and terminating deletes its local disk. Automatic choices are to remind you, or to terminate after you confirm that warning.</source>
        <translation>此服务商不支持关机：实例在释放前会一直计费，而释放会删除其本地磁盘。可选的自动操作是提醒你，或在你确认此警告后自动释放。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gpudesk has no provider API for this server: it can remind you, but you stop it in the console.</source>
        <translation>gpudesk 没有此服务器的服务商 API：它可以提醒你，但需要你自己在控制台中关机。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Terminate automatically?</source>
        <translation>自动释放？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let gpudesk terminate %1 when nobody answers?</source>
        <translation>无人回应时，让 gpudesk 自动释放 %1？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Terminating deletes the instance and everything on its local disk. It cannot be undone. Download what you need first, or keep &quot;Remind only&quot;.</source>
        <translation>释放会删除实例及其本地磁盘上的所有内容，且无法撤销。请先下载需要的文件，或保留“仅提醒”。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Not saved: choose another action, or confirm the terminate.</source>
        <translation>未保存：请选择其他操作，或确认释放。</translation>
    </message>
</context>
<context>
    <name>BillingMode</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+42"/>
        <source>hourly</source>
        <translation>按量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>daily</source>
        <translation>按天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monthly</source>
        <translation>包月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved-1y</source>
        <translation>包年 1 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved-3y</source>
        <translation>包年 3 年</translation>
    </message>
</context>
<context>
    <name>BreakEvenChart</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="+34"/>
        <source>Rent or buy</source>
        <translation>租还是买</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cumulative cost</source>
        <translation>累计费用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hours of use</source>
        <translation>使用小时数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rent on demand</source>
        <translation>按需租用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>buy + electricity</source>
        <translation>购买 + 电费</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>cumulative cost (%1)</source>
        <translation>累计费用（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Buying pays off after %1 h of use (≈%2 months at %3 h a day).</source>
        <translation>使用 %1 小时后购买更划算（按每天 %3 小时约 %2 个月）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No break-even: renting stays cheaper, or no purchase price is known.</source>
        <translation>没有盈亏平衡点：租用始终更便宜，或缺少购买价格。</translation>
    </message>
</context>
<context>
    <name>CatalogPage</name>
    <message>
        <location filename="../../ui/catalog/page.py" line="+45"/>
        <source>Filter: GPU, provider, region (e.g. 4090 runpod)</source>
        <extracomment>the main window when it built this page (``open_page`` passes itself): a rent opens tabs there</extracomment>
        <translation>筛选：GPU、服务商、地区（例如 4090 runpod）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>any VRAM</source>
        <translation>显存不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On-demand only</source>
        <translation>仅按需</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide flagged prices</source>
        <translation>隐藏存疑价格</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> CNY per USD</source>
        <translation> 人民币/美元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exchange rate used for every conversion; saved in the settings</source>
        <translation>所有换算使用的汇率；保存在设置中</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+17"/>
        <source>Min VRAM per GPU</source>
        <translation>单卡最小显存</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Filter offers</source>
        <translation>筛选报价</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Exchange rate, CNY per USD</source>
        <translation>汇率（人民币/美元）</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+145"/>
        <location line="+13"/>
        <source>Refresh prices</source>
        <translation>刷新价格</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>Fetch live prices from the Lambda, RunPod and Vast.ai accounts set up in Providers; they are cached with the time</source>
        <translation>从“服务商”中已配置的 Lambda、RunPod 和 Vast.ai 账户获取实时价格；结果连同获取时间一起缓存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU offers</source>
        <translation>GPU 报价</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+202"/>
        <source>Rent this offer…</source>
        <translation>租用此报价…</translation>
    </message>
    <message>
        <location line="-201"/>
        <source>Rent the selected offer through its provider&apos;s API, after you confirm the price</source>
        <translation>确认价格后，通过服务商的 API 租用所选报价</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Price vs performance</source>
        <translation>价格与性能</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing comparison</source>
        <translation>计费方式对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rent or buy</source>
        <translation>租还是买</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rent this…</source>
        <translation>租用…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rent the planner&apos;s pick through the provider&apos;s API after you confirm the price; without an account there, add one or open the provider&apos;s page</source>
        <translation>确认价格后，通过服务商的 API 租用规划器选出的报价；若没有该服务商的账户，请添加账户或打开服务商页面</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Alert me when in stock…</source>
        <translation>有货时提醒我…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While gpudesk runs, it reads the providers&apos; live prices every 10 minutes and alerts you (Settings → Alerts when you are away) when this GPU is on offer at or under your price</source>
        <translation>gpudesk 运行期间每 10 分钟读取一次各云平台的实时价格，当这款 GPU 以不高于你设定的价格上架时提醒你（设置 → 离开时的提醒）</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Bundled catalog of %1: %2 offers from %3 providers and %4 GPU models; every value names its source (hover a row).</source>
        <translation>内置目录（%1）：来自 %3 家服务商的 %2 条报价，涵盖 %4 种 GPU 型号；每个数值都注明了来源（将鼠标悬停在行上查看）。</translation>
    </message>
    <message>
        <location line="+90"/>
        <location line="+27"/>
        <source>Alert me when in stock</source>
        <translation>有货时提醒我</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Alert me when %1 is on offer at or under this price per GPU-hour (US dollars):</source>
        <translation>当 %1 以不高于此价格（每 GPU·小时，美元）上架时提醒我：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Watching for %1 at or under $%2 per GPU-hour while gpudesk runs.</source>
        <translation>gpudesk 运行期间关注 %1，价格不高于每 GPU·小时 $%2。</translation>
    </message>
    <message>
        <location line="-233"/>
        <source>Open provider page</source>
        <translation>打开服务商页面</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Loading the bundled catalog…</source>
        <translation>正在加载内置目录…</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The bundled catalog could not be read: %1</source>
        <translation>无法读取内置目录：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Refreshing…</source>
        <translation>正在刷新…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add a Lambda Cloud, RunPod or Vast.ai account in Providers to fetch live prices.</source>
        <translation>在“服务商”中添加 Lambda Cloud、RunPod 或 Vast.ai 账户即可获取实时价格。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 live rows name GPUs the catalog has no specs for.</source>
        <translation>%1 条实时报价中的 GPU 在目录中没有规格数据。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Selected: %1, observed %2. Source: %3</source>
        <translation>已选：%1，观测于 %2。来源：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPU specs: %1</source>
        <translation>GPU 规格：%1</translation>
    </message>
</context>
<context>
    <name>CollectDialog</name>
    <message>
        <location filename="../../ui/jobs/collect_dialog.py" line="+46"/>
        <source>Collect results of %1</source>
        <translation>收集 %1 的结果</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add an environment report (GPUs, Python, pip freeze)</source>
        <translation>附带环境报告（GPU、Python、pip freeze）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Collect</source>
        <translation>收集</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the zip</source>
        <translation>显示 zip 文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Release the server…</source>
        <translation>释放服务器…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop or terminate the instance through your provider, so billing stops</source>
        <translation>通过服务商关机或释放实例，以停止计费</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Collecting…</source>
        <translation>正在收集…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Downloading %1 (%2)</source>
        <translation>正在下载 %1（%2）</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Folders and patterns are relative to the job&apos;s working folder (%1). Everything goes into one zip named after the job, with its log, command, code (the script files it names; in a git repository the commit and the uncommitted changes), an environment report and the cost, so the run can be reproduced later.</source>
        <translation>文件夹和匹配模式均相对于作业的工作目录（%1）。所有内容都会放进一个以作业命名的 zip 文件，其中包含日志、命令、代码（命令中提到的脚本文件；若在 git 仓库中，还包括提交和未提交的更改）、环境报告和费用，便于日后复现这次运行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save the zip as</source>
        <translation>zip 保存为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder and name of the zip</source>
        <translation>选择 zip 文件的保存文件夹和文件名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Save the results as</source>
        <translation>结果另存为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zip archives (*.zip)</source>
        <translation>Zip 压缩包 (*.zip)</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Saved %1 result file(s), %2, with the job&apos;s log, command and cost, to %3.</source>
        <translation>已将 %1 个结果文件（%2）连同作业的日志、命令和费用保存到 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>None of the folders and patterns is in the job&apos;s working folder, so the zip holds the job&apos;s record only; add a pattern above and collect again for more.</source>
        <translation>这些文件夹和匹配模式都不在作业的工作目录中，因此 zip 中只有作业记录；请在上方添加匹配模式，然后重新收集。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not in this job&apos;s folder, skipped: %1</source>
        <translation>不在此作业的文件夹中，已跳过：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run: %1 at %2/h = &lt;b&gt;%3&lt;/b&gt;. Stop or terminate the server when you are done, or billing runs on.</source>
        <translation>本次运行：%1，单价 %2/小时 = &lt;b&gt;%3&lt;/b&gt;。用完后请关机或释放服务器，否则会继续计费。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This run took %1. Stop or terminate the server when you are done, or billing runs on.</source>
        <translation>本次运行用时 %1。用完后请关机或释放服务器，否则会继续计费。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collect again</source>
        <translation>重新收集</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Code: %1 (job/code)</source>
        <translation>代码：%1（job/code）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>git commit %1</source>
        <translation>git 提交 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and its uncommitted changes (job/git.diff)</source>
        <translation>%1 及其未提交的更改（job/git.diff）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The command names no script file found in the working folder; job/command.sh holds the command.</source>
        <translation>命令中没有提到工作目录中的脚本文件；命令保存在 job/command.sh 中。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collecting failed: %1</source>
        <translation>收集失败：%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Release the server</source>
        <translation>释放服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop or terminate the instance in your provider&apos;s console (or with &apos;gpudesk instances stop ID&apos;). A stopped instance may still bill for its disk.</source>
        <translation>请在服务商控制台中关机或释放实例（或运行 &apos;gpudesk instances stop ID&apos;）。已关机的实例可能仍按磁盘计费。</translation>
    </message>
</context>
<context>
    <name>ConfirmPage</name>
    <message>
        <location filename="../../ui/rent/pages.py" line="+58"/>
        <location line="+1"/>
        <source>Account</source>
        <extracomment>what the confirmed rental has that the picked offer had not (another offer, the demo&apos;s stand-in)</extracomment>
        <translation>账户</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You picked</source>
        <translation>你选的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU × count</source>
        <translation>GPU × 数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Disk size</source>
        <translation>磁盘大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spot (interruptible)</source>
        <translation>竞价（可被中断）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Billing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> per hour</source>
        <translation> /小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Bid</source>
        <translation>出价</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
</context>
<context>
    <name>ConflictDialog</name>
    <message>
        <location filename="../../ui/files/conflict_dialog.py" line="+16"/>
        <source>File exists</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} already exists ({1}, {2}).
The new file is {3}.</source>
        <translation>{0} 已存在（{1}，{2}）。
新文件为 {3}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Apply to all</source>
        <translation>全部应用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep both</source>
        <translation>保留两者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>续传</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The existing file is shorter: continue it (checked by SHA-256)</source>
        <translation>现有文件较短：继续传输（用 SHA-256 校验）</translation>
    </message>
</context>
<context>
    <name>ConnectError</name>
    <message>
        <location filename="../../ui/errors_text.py" line="+15"/>
        <source>The server name could not be found. Check the spelling and your internet connection.</source>
        <translation>找不到服务器地址。请检查拼写和网络连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused the connection: check the port number and that the server is running.</source>
        <translation>服务器拒绝连接：请检查端口号，并确认服务器正在运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not answer in time: it may be off, or a firewall or the network is in the way.</source>
        <translation>服务器没有及时响应：可能已关机，或被防火墙/网络阻断。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login failed: the user name or password is wrong, or the server does not allow this login method.</source>
        <translation>登录失败：用户名或密码错误，或服务器不允许此登录方式。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected the key: its public key must be in ~/.ssh/authorized_keys on the server.</source>
        <translation>服务器拒绝了该密钥：需要把它的公钥加入服务器上的 ~/.ssh/authorized_keys。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This private key is protected by a passphrase: enter it to use the key.</source>
        <translation>此私钥受口令保护：请输入口令后使用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The passphrase of the private key is wrong.</source>
        <translation>私钥口令错误。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This kind of key cannot be used: convert it, or create an ed25519 key.</source>
        <translation>无法使用此类型的密钥：请转换格式，或新建一个 ed25519 密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The private key file cannot be read.</source>
        <translation>无法读取私钥文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This server is new and its host key is not trusted yet.</source>
        <translation>这是一台新服务器，其主机密钥尚未被信任。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the server&apos;s host key has CHANGED. Someone may be intercepting the connection, or the server was reinstalled: confirm the new key with your provider before you connect.</source>
        <translation>警告：服务器的主机密钥已改变。可能有人在拦截连接，或服务器被重装：请先向服务商确认新密钥再连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLOCKED: the server presented a host key that your known_hosts file marks as revoked. Do not connect; ask your provider what happened to the server.</source>
        <translation>已阻止：服务器出示的主机密钥在你的 known_hosts 文件中被标记为已吊销。请不要连接；请向服务商询问服务器发生了什么。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You did not trust the server&apos;s key, so the connection was closed.</source>
        <translation>你没有信任该服务器的密钥，连接已关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server closed the connection: check that the port is the SSH port and that the server is up.</source>
        <translation>服务器关闭了连接：请确认该端口是 SSH 端口，并且服务器正在运行。</translation>
    </message>
    <message>
        <location filename="../../ui/core_strings.py" line="+368"/>
        <source>The keyring did not keep gpudesk&apos;s key.</source>
        <translation>密钥环没有保存 gpudesk 的密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpudesk&apos;s key is not in the keyring: rent again to make one.</source>
        <translation>密钥环中没有 gpudesk 的密钥：请重新租用以生成一个。</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Agent forwarding is not available on Windows; the server&apos;s git and ssh cannot use your local keys. Copy a deploy key to the server instead.</source>
        <translation>Windows 上不支持 SSH 代理转发（agent forwarding）；服务器上的 git 和 ssh 无法使用你本机的密钥。请改为把部署密钥（deploy key）复制到服务器上。</translation>
    </message>
    <message>
        <location line="-205"/>
        <location filename="../../ui/errors_text.py" line="+1"/>
        <source>Connecting was cancelled.</source>
        <translation>连接已取消。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected error while connecting: {error}</source>
        <translation>连接时发生意外错误：{error}</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="+207"/>
        <source>{address} did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</source>
        <translation>{address} 在 {seconds:.0f} 秒内没有完成 SSH 握手。可能是网络卡住了，或者服务器负载过高。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} accepted the connection but closed it before speaking SSH. Check the port (is it the SSH port?) and that the server is up.</source>
        <translation>{address} 接受了连接，但在 SSH 通信开始前就关闭了它。请检查端口（是 SSH 端口吗？），并确认服务器正在运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH handshake with {address} failed: {error}.</source>
        <translation>与 {address} 的 SSH 握手失败：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} accepted the connection but did not finish the SSH handshake in {seconds:.0f} s. The network may be stalled, or the server is overloaded.</source>
        <translation>{address} 接受了连接，但在 {seconds:.0f} 秒内没有完成 SSH 握手。可能是网络卡住了，或者服务器负载过高。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The jump host {jump} could not reach {address} ({error}). Check the address as seen from the jump host.</source>
        <translation>跳板机 {jump} 无法连到 {address}（{error}）。请从跳板机的角度检查这个地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The jump host {jump} did not open a tunnel: {error}.</source>
        <translation>跳板机 {jump} 没有打开隧道：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server name &apos;{host}&apos; could not be found. Check the spelling and your internet connection.</source>
        <translation>找不到服务器地址 &apos;{host}&apos;。请检查拼写和网络连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} did not answer within {seconds:.0f} s. The server may be off, or a firewall blocks the port.</source>
        <translation>{address} 在 {seconds:.0f} 秒内没有响应。服务器可能已关机，或防火墙拦截了该端口。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} refused the connection: nothing listens on port {port}. Check the port number, and that the server is running.</source>
        <translation>{address} 拒绝连接：端口 {port} 上没有程序在监听。请检查端口号，并确认服务器正在运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach {address}: {error}.</source>
        <translation>无法连接 {address}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: {address} presented the host key {fingerprint}, which is marked as REVOKED in your known_hosts. The connection was closed and nothing was sent. Ask your provider for the server&apos;s current key.</source>
        <translation>警告：{address} 出示的主机密钥 {fingerprint} 在你的 known_hosts 中被标记为已吊销（REVOKED）。连接已关闭，未发送任何数据。请向服务商索取服务器当前的密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the host key of {address} has CHANGED.
It is known by a key of type {known_type} ({known}); the server now sent a key of type {key_type} ({fingerprint}).
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</source>
        <translation>警告：{address} 的主机密钥已改变。
已知的是 {known_type} 类型的密钥（{known}）；服务器这次发送的是 {key_type} 类型的密钥（{fingerprint}）。
可能有人在拦截连接，或服务器被重装。请先向服务商确认新密钥后再连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the host key of {address} has CHANGED.
Expected {known}, the server sent {fingerprint}.
Someone may be intercepting the connection, or the server was reinstalled. Connect only after you confirm the new key with your provider.</source>
        <translation>警告：{address} 的主机密钥已改变。
应为 {known}，服务器发送的是 {fingerprint}。
可能有人在拦截连接，或服务器被重装。请先向服务商确认新密钥后再连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} is a new server (key {fingerprint}); it is not trusted yet.</source>
        <translation>{address} 是一台新服务器（密钥 {fingerprint}），尚未被信任。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You did not trust the key of {address}; the connection was closed.</source>
        <translation>你没有信任 {address} 的密钥，连接已关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARNING: the provider&apos;s gateway {address} presented the host key {fingerprint}, which is not a key trusted for {server}. The connection was closed and nothing was sent.
A gateway must show the same server you already trust. Someone may be intercepting the connection; connect only after you confirm the key with your provider.</source>
        <translation>警告：服务商的网关 {address} 出示的主机密钥 {fingerprint} 不是 {server} 已信任的密钥。连接已关闭，未发送任何内容。
网关必须显示您已信任的同一台服务器。可能有人在拦截连接；请先向服务商确认密钥后再连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key stored for this session is missing from the keyring.</source>
        <translation>密钥环中找不到为此会话保存的密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown login method &apos;{method}&apos;.</source>
        <translation>未知的登录方式 &apos;{method}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server closed the connection during login ({error}).</source>
        <translation>服务器在登录过程中关闭了连接（{error}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server asks for more ({step}), which cannot be answered here.</source>
        <translation>服务器要求进一步验证（{step}），此处无法回答。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a verification step</source>
        <translation>一个验证步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login was cancelled.</source>
        <translation>登录已取消。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server keeps asking for more login steps; giving up.</source>
        <translation>服务器不断要求更多登录步骤，已放弃。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server also asks for the password of {user}.</source>
        <translation>服务器还要求输入 {user} 的密码。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server wants another login step ({methods}) this app cannot do.</source>
        <translation>服务器要求本应用无法完成的另一个登录步骤（{methods}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not accept the second login step (code or password).</source>
        <translation>服务器没有接受第二个登录步骤（验证码或密码）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server does not accept password login for {user} (it allows: {allowed}). Use a key instead.</source>
        <translation>服务器不接受 {user} 的密码登录（允许的方式：{allowed}）。请改用密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong user name or password for {user}@{host}. Check both and try again.</source>
        <translation>{user}@{host} 的用户名或密码错误。请检查两者后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server does not accept key login for {user} (it allows: {allowed}).</source>
        <translation>服务器不接受 {user} 的密钥登录（允许的方式：{allowed}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected the key {fingerprint} for {user}. Is its public key in ~/.ssh/authorized_keys on the server?</source>
        <translation>服务器拒绝了 {user} 的密钥 {fingerprint}。它的公钥在服务器的 ~/.ssh/authorized_keys 中吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH agent has no keys (or none is running). Add a key with ssh-add, or start Pageant on Windows.</source>
        <translation>SSH agent 中没有密钥（或没有运行 agent）。请用 ssh-add 添加密钥，Windows 上请启动 Pageant。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server rejected every key in the SSH agent for {user}.</source>
        <translation>服务器拒绝了 SSH agent 中 {user} 的所有密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection is closed. Reconnect and try again.</source>
        <translation>连接已关闭。请重新连接后再试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open a channel: {error}.</source>
        <translation>无法打开通道：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command did not finish within {seconds:.0f} s.</source>
        <translation>命令在 {seconds:.0f} 秒内没有结束。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start SFTP: {error}.</source>
        <translation>无法启动 SFTP：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused the SFTP subsystem.</source>
        <translation>服务器拒绝了 SFTP 子系统。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection to {address} was lost.</source>
        <translation>与 {address} 的连接已断开。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection to {address} was lost: no answer for {seconds:.0f} s.</source>
        <translation>与 {address} 的连接已断开：{seconds:.0f} 秒内没有响应。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no answer in time</source>
        <translation>未及时响应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the other side closed the connection</source>
        <translation>对方关闭了连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was reset</source>
        <translation>连接被重置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was broken off</source>
        <translation>连接中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an error of kind {kind}, without further detail</source>
        <translation>{kind} 类错误，无更多细节</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The key file {path} does not exist.</source>
        <translation>密钥文件 {path} 不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read (permission denied).</source>
        <translation>无法读取密钥文件 {path}（权限被拒绝）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read: {error}.</source>
        <translation>无法读取密钥文件 {path}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the stored key</source>
        <translation>已保存的密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a public key. Choose the private key (the file without .pub).</source>
        <translation>{source} 是公钥。请选择私钥（不带 .pub 的文件）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a DSA key, which current servers refuse. Create an ed25519 key instead.</source>
        <translation>{source} 是 DSA 密钥，当前的服务器会拒绝它。请改为创建 ed25519 密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is a {kind} key, which is not supported. Use ed25519, RSA or ECDSA.</source>
        <translation>{source} 是 {kind} 密钥，不受支持。请使用 ed25519、RSA 或 ECDSA。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is not a private key file this app can read.</source>
        <translation>{source} 不是本应用能读取的私钥文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} is protected by a passphrase. Enter it to use the key.</source>
        <translation>{source} 受口令保护。请输入口令后使用该密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The passphrase for {source} is wrong.</source>
        <translation>{source} 的口令错误。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{source} could not be read as a private key ({error}).</source>
        <translation>无法将 {source} 作为私钥读取（{error}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exit code {code}</source>
        <translation>退出码 {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not add the key to ~/.ssh/authorized_keys on the server: {error}</source>
        <translation>无法把密钥添加到服务器的 ~/.ssh/authorized_keys：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{kind} proxy {address}</source>
        <translation>{kind} 代理 {address}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand could not start: {error}. Command: {command}</source>
        <translation>ProxyCommand 无法启动：{error}。命令：{command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The proxy &apos;{host}&apos; could not be found.</source>
        <translation>找不到代理 &apos;{host}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} did not answer within {seconds:.0f} s.</source>
        <translation>{proxy} 在 {seconds:.0f} 秒内没有响应。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} refused the connection ({error}). Check the proxy settings.</source>
        <translation>{proxy} 拒绝连接（{error}）。请检查代理设置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown proxy type &apos;{kind}&apos;.</source>
        <translation>未知的代理类型 &apos;{kind}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} closed the connection ({error}).</source>
        <translation>{proxy} 关闭了连接（{error}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} closed the connection without answering.</source>
        <translation>{proxy} 没有应答就关闭了连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} sent an oversized answer.</source>
        <translation>{proxy} 发送的应答过大。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} asks for a user name and password, or the ones given are wrong.</source>
        <translation>{proxy} 要求提供用户名和密码，或者所提供的不正确。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} would not connect to {address}: {status}.</source>
        <translation>{proxy} 不肯连接 {address}：{status}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>general failure</source>
        <translation>一般性故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed by the proxy&apos;s rules</source>
        <translation>代理规则不允许</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network unreachable</source>
        <translation>网络不可达</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>host unreachable</source>
        <translation>主机不可达</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection refused by the destination</source>
        <translation>目标拒绝连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL expired</source>
        <translation>TTL 已过期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>command not supported</source>
        <translation>不支持该命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>address type not supported</source>
        <translation>不支持该地址类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{address} is not a SOCKS5 proxy.</source>
        <translation>{address} 不是 SOCKS5 代理。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} accepts none of our login methods (a user name may be needed).</source>
        <translation>{proxy} 不接受我们的任何登录方式（可能需要用户名）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} rejected the user name or password.</source>
        <translation>{proxy} 拒绝了用户名或密码。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error {code}</source>
        <translation>错误 {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {proxy} could not reach {address}: {error}.</source>
        <translation>{proxy} 无法连到 {address}：{error}。</translation>
    </message>
    <message>
        <location filename="../../ui/errors_text.py" line="+1"/>
        <source>The connection was lost.</source>
        <translation>连接已断开。</translation>
    </message>
</context>
<context>
    <name>ConnectPrompt</name>
    <message>
        <location filename="../../ui/connect_prompt.py" line="+142"/>
        <location line="+31"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+3"/>
        <location line="+34"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+33"/>
        <source>Remember password</source>
        <translation>记住密码</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>No system keyring was found; the password is asked for each time.</source>
        <translation>未找到系统密钥环；每次都会询问密码。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep this session in the list, even before the login worked</source>
        <translation>即使尚未登录成功，也将此会话保留在列表中</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Key passphrase</source>
        <translation>密钥口令</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remember passphrase</source>
        <translation>记住口令</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
</context>
<context>
    <name>ConnectionTab</name>
    <message>
        <location filename="../../ui/connection_tab.py" line="+99"/>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Password for %1@%2:</source>
        <translation>%1@%2 的密码：</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+35"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+7"/>
        <location line="+227"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>The direct address did not answer; connected through the provider&apos;s SSH gateway (%1). It can be slower; the direct address is tried first next time.</source>
        <translation>直连地址没有响应；已通过服务商的 SSH 网关（%1）连接。速度可能较慢；下次仍会先尝试直连地址。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connected to %1

Host key: %2 %3
Cipher: %4
Server: %5</source>
        <translation>已连接到 %1

主机密钥：%2 %3
加密算法：%4
服务器：%5</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Connecting was cancelled.</source>
        <translation>连接已取消。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Try again</source>
        <translation>重试</translation>
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
        <translation>编辑会话</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Enter passphrase</source>
        <translation>输入口令</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Replace stored key…</source>
        <translation>替换已保存的密钥…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+209"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location line="-201"/>
        <location line="+88"/>
        <source>The screen is kept; reconnect to carry on.</source>
        <translation>屏幕内容已保留；重新连接即可继续。</translation>
    </message>
    <message>
        <location line="-120"/>
        <location line="+33"/>
        <location line="+14"/>
        <location line="+24"/>
        <location line="+45"/>
        <location line="+4"/>
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <location line="-244"/>
        <source>Looking for a saved password for %1…</source>
        <translation>正在查找 %1 已保存的密码…</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Reconnecting to %1… (%2)</source>
        <translation>正在重新连接 %1…（第 %2 次）</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>Reconnecting in %1 s… (%2)</source>
        <translation>%1 秒后重新连接…（第 %2 次）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This server was released at the provider: it is billed no more and cannot be reconnected.</source>
        <translation>此服务器已在服务商处释放：不再计费，也无法再连接。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Start</source>
        <translation>开机</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This server is stopped at the provider: compute is not billing; its disk bills %1 for storage. What this tab shows is from before the stop.</source>
        <translation>此服务器已在服务商处停止：计算不再计费；其磁盘按 %1 计存储费。此标签页显示的是停止前的内容。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This server is stopped at the provider: it is not billing now (its disk may still be). What this tab shows is from before the stop.</source>
        <translation>此服务器已在服务商处关机：现在不按算力计费（磁盘可能仍计费）。此标签页显示的是关机前的内容。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Starting the server at the provider…</source>
        <translation>正在通过服务商开机…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Key passphrase</source>
        <translation>密钥口令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key for %1 is protected by a passphrase:</source>
        <translation>%1 的密钥受口令保护：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>New server</source>
        <translation>新服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This is the first connection to %1.</source>
        <translation>这是第一次连接 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its %1 key fingerprint is

%2

If your provider shows a fingerprint, compare it. Trust this server?</source>
        <translation>它的 %1 密钥指纹为

%2

如果服务商提供了指纹，请核对。是否信任此服务器？</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trust always</source>
        <translation>始终信任</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trust once</source>
        <translation>仅本次信任</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Replace the stored host key?</source>
        <translation>替换已保存的主机密钥？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only do this if you know why the key changed (for example, the server was reinstalled) and you checked the new fingerprint with your provider:

%1

The old key %2 will be forgotten.</source>
        <translation>仅当你知道密钥为何变化（例如服务器重装了系统），并已向服务商核对新指纹时才这样做：

%1

旧密钥 %2 将被删除。</translation>
    </message>
</context>
<context>
    <name>CostBar</name>
    <message>
        <location filename="../../ui/billing/costbar.py" line="+62"/>
        <source>Costs</source>
        <translation>费用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing for this session…</source>
        <translation>此会话的计费…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+355"/>
        <source>Stop this server…</source>
        <translation>停止此服务器…</translation>
    </message>
    <message>
        <location line="-354"/>
        <location line="+354"/>
        <source>Terminate this server…</source>
        <translation>释放此服务器…</translation>
    </message>
    <message>
        <location line="-353"/>
        <source>Extend the deadline by 1 h</source>
        <translation>截止时间延后 1 小时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>I stopped this server (end metering)</source>
        <translation>我已关闭此服务器（停止计费）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spending report…</source>
        <translation>消费报告…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Automatic actions log…</source>
        <translation>自动操作日志…</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>no price set</source>
        <translation>未设置价格</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+91"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>checking with the provider…</source>
        <translation>正在向服务商核实…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>compute stopped · storage %1</source>
        <translation>计算已停止 · 存储 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not billing</source>
        <translation>未计费</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>idle %1 min</source>
        <translation>已空闲 %1 分钟</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>in use from %1</source>
        <translation>正在通过 %1 使用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>today %1</source>
        <translation>今日 %1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Spending across all sessions</source>
        <translation>所有会话的消费</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Provider: %1</source>
        <translation>服务商：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Provider status: %1</source>
        <translation>服务商状态：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Billing now: compute %1 + storage %2</source>
        <translation>当前计费：计算 %1 + 存储 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Billing now, all servers and storage: compute %1 + storage %2</source>
        <translation>当前计费（全部服务器与存储）：计算 %1 + 存储 %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>nothing billed yet</source>
        <translation>尚未计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Today %1 sums: %2</source>
        <translation>今日 %1 合计：%2</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+109"/>
        <source>Terminate %1?</source>
        <translation>释放 %1？</translation>
    </message>
    <message>
        <location line="-108"/>
        <source>Terminate %1 now?</source>
        <translation>立即释放 %1？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminating deletes the instance and its local disk.</source>
        <translation>释放会删除实例及其本地磁盘。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The automatic stop of %1 failed</source>
        <translation>%1 自动关机失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic terminate of %1 failed</source>
        <translation>%1 自动释放失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic action on %1 failed</source>
        <translation>对 %1 的自动操作失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 It is still billing; gpudesk tries again in a minute.</source>
        <translation>%1 服务器仍在计费，gpudesk 会在一分钟后重试。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is not confirmed stopped</source>
        <translation>%1 未确认已停止</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Extend the deadline by 1 h (now %1)</source>
        <translation>截止时间延后 1 小时（当前 %1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Retry the stop…</source>
        <translation>重试停止…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Retry the terminate…</source>
        <translation>重试释放…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: the deadline is now %2.</source>
        <translation>%1：截止时间现为 %2。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Stop %1?</source>
        <translation>停止 %1？</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Stopped %1.</source>
        <translation>已关机 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminated %1.</source>
        <translation>已释放 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started %1.</source>
        <translation>已开机 %1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not stop</source>
        <translation>无法关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not terminate</source>
        <translation>无法释放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start</source>
        <translation>无法开机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Guard %1 on the server too?</source>
        <translation>同时在服务器上守护 %1？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also guard %1 on the server itself?</source>
        <translation>是否也在服务器本身上守护 %1？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A small script runs on the server and applies your idle policy when gpudesk is closed (laptop lid shut, battery dead): it stops the bill even then. No root needed; you can remove it any time in Billing for this session.</source>
        <translation>服务器上会运行一个小脚本，在 gpudesk 关闭时（合上笔记本、电池耗尽）执行你的空闲策略，这时也能停止计费。无需 root；可随时在“此会话的计费”中移除。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A small script runs on the server and applies your idle policy when gpudesk is closed. Your policy for this session is to remind only, so it will not stop the bill: choose Stop in Billing for this session first if you want that. No root needed; you can remove it any time.</source>
        <translation>一个小脚本在服务器上运行，在 gpudesk 关闭时执行您的空闲策略。此会话的策略是仅提醒，因此它不会停止计费：如需停止，请先在“此会话的计费”中选择“停止”。无需 root 权限，可随时移除。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The provider now reports %1 for %2. Edit the session to use it; if the server was recycled, its host key changed too and gpudesk will show both fingerprints before trusting it.</source>
        <translation>服务商现在报告 %2 的地址为 %1。请编辑会话改用该地址；如果服务器被回收重建，其主机密钥也已改变，gpudesk 会在信任前显示新旧两个指纹。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 ran %2 (%3) while gpudesk was closed</source>
        <translation>gpudesk 关闭期间 %1 运行了 %2（%3）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open a connection first.</source>
        <translation>请先建立连接。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>End metering</source>
        <translation>停止计费</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Did you stop or release %1 in your provider&apos;s console? gpudesk then stops counting its cost.</source>
        <translation>你是否已在服务商控制台中关机或释放 %1？确认后 gpudesk 将停止计算其费用。</translation>
    </message>
</context>
<context>
    <name>DataFile</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-636"/>
        <source>The billing settings file</source>
        <translation>计费设置文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file</source>
        <translation>该文件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The billing record</source>
        <translation>计费记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field}: {error}</source>
        <translation>{field}：{error}</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>{field} must be text</source>
        <translation>{field} 必须是文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must not be empty</source>
        <translation>{field} 不能为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a whole number</source>
        <translation>{field} 必须是整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a whole number from {low} to {high}</source>
        <translation>{field} 必须是 {low} 到 {high} 之间的整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a number</source>
        <translation>{field} 必须是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be true or false</source>
        <translation>{field} 必须是 true 或 false</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a list</source>
        <translation>{field} 必须是列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a JSON object</source>
        <translation>{field} 必须是 JSON 对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} is missing</source>
        <translation>缺少 {field}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{entry}&apos;: {error}</source>
        <translation>&apos;{entry}&apos;：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry {n} &apos;{name}&apos;</source>
        <translation>第 {n} 项 &apos;{name}&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entry {n}</source>
        <translation>第 {n} 项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it repeats an earlier entry&apos;s id</source>
        <translation>它与前面某一项的 ID 重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{entry}: {error}</source>
        <translation>{entry}：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a folder stands where the file should be</source>
        <translation>文件所在位置是一个文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it cannot be read: {error}</source>
        <translation>无法读取：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not valid JSON: {error} at line {line}, column {column}</source>
        <translation>不是有效的 JSON：{error}（第 {line} 行，第 {column} 列）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is nested too deeply</source>
        <translation>嵌套层级过深</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged: {count} entries were skipped ({details}), and the file could not be copied aside ({error}); the other entries were loaded.</source>
        <translation>{what} {path} 已损坏：跳过了 {count} 项（{details}），且无法另存一份副本（{error}）；其余各项已加载。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged: {count} entries were skipped ({details}); the file as it was is kept as {copy}; the other entries were loaded, and the next save leaves the skipped ones out (copy back what you need from the kept file).</source>
        <translation>{what} {path} 已损坏：跳过了 {count} 项（{details}）；原文件已保留为 {copy}；其余各项已加载，下次保存时不会包含被跳过的项（需要的内容请从保留的文件中复制回来）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged ({error}) and could not be moved aside ({reason}); gpudesk goes on without it and will not write over it.</source>
        <translation>{what} {path} 已损坏（{error}），且无法移到一旁（{reason}）；gpudesk 将不使用它继续运行，也不会覆盖它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} {path} was damaged ({error}); it was kept as {copy}; gpudesk goes on without it (empty or default values) and never writes over the kept file.</source>
        <translation>{what} {path} 已损坏（{error}）；已保留为 {copy}；gpudesk 将不使用它继续运行（使用空值或默认值），且绝不会覆盖保留的文件。</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>The provider accounts file</source>
        <translation>服务商账户文件</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>The session list</source>
        <translation>会话列表</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The settings file</source>
        <translation>设置文件</translation>
    </message>
</context>
<context>
    <name>DemoPhoneButton</name>
    <message>
        <location filename="../../ui/demo_phone.py" line="+167"/>
        <source>Demo phone</source>
        <translation>演示手机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the demo&apos;s alerts arrive, as on your phone</source>
        <translation>演示中的提醒会送到这里，就像送到你的手机</translation>
    </message>
</context>
<context>
    <name>DemoPhoneDialog</name>
    <message>
        <location line="-117"/>
        <source>Demo phone</source>
        <translation>演示手机</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>In the demo, alerts go to this stand-in phone: the app&apos;s own (a job finished, an idle server nobody answers) and the server guard&apos;s, sent from the server while gpudesk is closed. Your own phone, e-mail or group chat: Settings → Alerts when you are away.</source>
        <translation>在演示中，提醒会送到这部替身手机：既有应用自己的（任务结束、服务器空闲无人回应），也有服务器守护在 gpudesk 关闭时从服务器发出的。要发到你自己的手机、邮箱或群聊：设置 → 离开时的提醒。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Alerts on the demo phone</source>
        <translation>演示手机上的提醒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing yet.</source>
        <translation>还没有提醒。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The demo phone cannot be read: %1 (the demo server is not running?)</source>
        <translation>无法读取演示手机：%1（演示服务器没有运行？）</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-682"/>
        <source>The GPU ran out of memory (CUDA out of memory)</source>
        <translation>GPU 显存不足（CUDA out of memory）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model&apos;s weights, activations, gradients and optimizer state need more GPU memory than is free on the card.</source>
        <translation>模型权重、激活值、梯度和优化器状态所需的显存超过了显卡的可用显存。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use a smaller batch size (halve it until it fits).</source>
        <translation>减小 batch size（每次减半，直到能放下）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the effective batch with gradient accumulation (e.g. batch 8 × 4 accumulation steps instead of 32).</source>
        <translation>用梯度累积保持等效 batch（例如 batch 8 × 累积 4 步，代替 32）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn on gradient checkpointing (model.gradient_checkpointing_enable() in Transformers): less memory for ~30 % more compute.</source>
        <translation>开启梯度检查点（Transformers 中的 model.gradient_checkpointing_enable()）：以约 30% 的额外计算换取更少显存。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train in mixed precision (bf16 on A100/H100, fp16 elsewhere: torch.autocast, or --bf16 in the HF Trainer).</source>
        <translation>使用混合精度训练（A100/H100 用 bf16，其他显卡用 fp16：torch.autocast，或 HF Trainer 的 --bf16）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split the model over several GPUs: model parallelism, FSDP or DeepSpeed ZeRO, or rent a GPU with more memory.</source>
        <translation>把模型拆分到多张 GPU 上：模型并行、FSDP 或 DeepSpeed ZeRO，或者租用显存更大的 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that no other process holds GPU memory (GPUs tab → processes); PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True helps with fragmentation.</source>
        <translation>检查是否有其他进程占用显存（GPU 页 → 进程）；PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True 可缓解显存碎片。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The CUDA build and the GPU driver do not match</source>
        <translation>CUDA 版本与 GPU 驱动不匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This PyTorch was built for a newer CUDA than the server&apos;s driver supports, or no driver is loaded at all.</source>
        <translation>此 PyTorch 针对的 CUDA 版本比服务器驱动支持的更新，或者根本没有加载驱动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install the PyTorch build that matches the driver: see the CUDA version in the environment check (gpudesk check), then pip install torch --index-url https://download.pytorch.org/whl/cu1XX for that version or older.</source>
        <translation>安装与驱动匹配的 PyTorch 版本：先在环境检查（gpudesk check）中查看 CUDA 版本，再执行 pip install torch --index-url https://download.pytorch.org/whl/cu1XX，选择该版本或更旧的版本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Or choose a server image with a newer driver; the driver, not the CUDA toolkit, limits what runs.</source>
        <translation>或者选择驱动更新的服务器镜像；决定能运行什么的是驱动，而不是 CUDA 工具包。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep each project in its own conda env or venv, so one project&apos;s CUDA packages do not break another&apos;s.</source>
        <translation>每个项目使用独立的 conda 环境或 venv，避免一个项目的 CUDA 包破坏另一个项目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This PyTorch build has no code for this GPU (no kernel image)</source>
        <translation>此 PyTorch 版本不包含这块 GPU 的代码（no kernel image）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU&apos;s architecture (its sm_XX capability) is newer than the ones this PyTorch or CUDA extension was compiled for.</source>
        <translation>GPU 架构（sm_XX 计算能力）比此 PyTorch 或 CUDA 扩展编译时支持的更新。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a PyTorch build that supports the GPU (H100 needs sm_90: CUDA 11.8 builds or later; Blackwell needs CUDA 12.8 builds).</source>
        <translation>安装支持该 GPU 的 PyTorch 版本（H100 需要 sm_90：CUDA 11.8 及以上版本；Blackwell 需要 CUDA 12.8 版本）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rebuild custom CUDA extensions for this GPU (set TORCH_CUDA_ARCH_LIST, e.g. &quot;9.0&quot;, before building).</source>
        <translation>为这块 GPU 重新编译自定义 CUDA 扩展（编译前设置 TORCH_CUDA_ARCH_LIST，例如 &quot;9.0&quot;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use a fresh conda env or venv so an old wheel from another project is not picked up.</source>
        <translation>使用全新的 conda 环境或 venv，避免用到其他项目留下的旧 wheel。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A distributed operation timed out (NCCL)</source>
        <translation>分布式操作超时（NCCL）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPUs waited for each other longer than the timeout: a rank crashed or hung, or the nodes cannot reach each other fast enough.</source>
        <translation>GPU 之间互相等待超过了超时时间：某个 rank 崩溃或卡住，或节点之间的网络不够快。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the network: every node must reach the others, and the rendezvous port (29500 by default) and NCCL&apos;s ports must be open between them.</source>
        <translation>检查网络：每个节点都必须能访问其他节点，节点之间要开放 rendezvous 端口（默认 29500）和 NCCL 端口。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run with NCCL_DEBUG=INFO to see which interface and transport NCCL picks; set NCCL_SOCKET_IFNAME to the right interface.</source>
        <translation>用 NCCL_DEBUG=INFO 运行，查看 NCCL 选择的网卡和传输方式；将 NCCL_SOCKET_IFNAME 设为正确的网卡。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Across nodes, use RDMA/InfiniBand when the provider offers it; to test whether it is at fault, try NCCL_IB_DISABLE=1.</source>
        <translation>跨节点时，如服务商提供 RDMA/InfiniBand 请使用；要排查是否是它的问题，可尝试 NCCL_IB_DISABLE=1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look at the other ranks&apos; logs: the first failure (often an out-of-memory or an exception on one rank) makes the others wait.</source>
        <translation>查看其他 rank 的日志：最先出现的错误（通常是某个 rank 显存不足或抛出异常）会让其他 rank 一直等待。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For long first steps (compilation, data loading) raise the timeout in init_process_group(timeout=…).</source>
        <translation>如果首个步骤耗时较长（编译、数据加载），请在 init_process_group(timeout=…) 中调大超时时间。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPUs could not talk to each other (NCCL error)</source>
        <translation>GPU 之间无法通信（NCCL 错误）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NCCL failed to set up or use its connections between GPUs or nodes, often because it picked the wrong network interface.</source>
        <translation>NCCL 无法建立或使用 GPU/节点之间的连接，通常是因为选错了网卡。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run with NCCL_DEBUG=INFO and read the NET/ lines: which interface and transport were chosen.</source>
        <translation>用 NCCL_DEBUG=INFO 运行并查看 NET/ 开头的行：选择了哪个网卡和传输方式。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set NCCL_SOCKET_IFNAME to the interface the nodes share (e.g. eth0), so docker0 or lo is never used.</source>
        <translation>将 NCCL_SOCKET_IFNAME 设为节点共用的网卡（例如 eth0），避免使用 docker0 或 lo。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the network between nodes (firewall, security group) and, when available, RDMA/InfiniBand (NCCL_IB_HCA).</source>
        <translation>检查节点之间的网络（防火墙、安全组），如有条件再检查 RDMA/InfiniBand（NCCL_IB_HCA）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make sure every node runs the same PyTorch and NCCL versions.</source>
        <translation>确保所有节点运行相同版本的 PyTorch 和 NCCL。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writing a checkpoint, a cache or a log failed because the server&apos;s disk (or your quota on it) has no space left.</source>
        <translation>由于服务器磁盘（或你的配额）没有剩余空间，写入检查点、缓存或日志失败。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See what uses the space: df -h and du -sh ~/.cache/* in the Terminal.</source>
        <translation>在终端中用 df -h 和 du -sh ~/.cache/* 查看空间占用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete old checkpoints, or keep fewer (save_total_limit in the HF Trainer).</source>
        <translation>删除旧的检查点，或少保留一些（HF Trainer 的 save_total_limit）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear caches: ~/.cache/huggingface, ~/.cache/pip, conda clean -a.</source>
        <translation>清理缓存：~/.cache/huggingface、~/.cache/pip、conda clean -a。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write checkpoints and data to the larger data disk, or rent a bigger one.</source>
        <translation>把检查点和数据写到更大的数据盘，或租用更大的磁盘。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The system killed the job: host memory (RAM) ran out</source>
        <translation>系统终止了作业：主机内存（RAM）耗尽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linux&apos;s out-of-memory killer stopped the process (SIGKILL) because the server&apos;s RAM, not the GPU&apos;s, was exhausted.</source>
        <translation>Linux 的 OOM killer 终止了该进程（SIGKILL），因为耗尽的是服务器内存，而不是显存。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use fewer DataLoader workers (num_workers) and a smaller prefetch_factor; each worker copies data.</source>
        <translation>减少 DataLoader 的 worker 数（num_workers）并调小 prefetch_factor；每个 worker 都会复制数据。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream or memory-map the dataset instead of loading it all into RAM (datasets with streaming=True, numpy memmap).</source>
        <translation>以流式或内存映射方式读取数据集，而不是全部加载进内存（datasets 的 streaming=True、numpy memmap）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load models with low_cpu_mem_usage=True (Transformers) so weights are not held twice.</source>
        <translation>加载模型时使用 low_cpu_mem_usage=True（Transformers），避免权重在内存中存两份。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch RAM with free -h in the Terminal; rent a server with more RAM or add swap.</source>
        <translation>在终端中用 free -h 观察内存；租用内存更大的服务器或添加 swap。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file or folder was not found</source>
        <translation>找不到文件或文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job looked for a path that does not exist on the server; relative paths start from the job&apos;s working folder.</source>
        <translation>作业访问了服务器上不存在的路径；相对路径以作业的工作目录为起点。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the working folder of the job: relative paths are resolved from there.</source>
        <translation>检查作业的工作目录：相对路径从那里解析。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Upload the missing file or folder (Files tab); paths on your own computer do not exist on the server.</source>
        <translation>上传缺失的文件或文件夹（文件页）；你本机上的路径在服务器上并不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the spelling and the case: Linux file names are case-sensitive.</source>
        <translation>检查拼写和大小写：Linux 文件名区分大小写。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A package is missing in this environment</source>
        <translation>当前环境缺少某个包</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python (or the shell) cannot find a package or program: it is not installed in the environment the job runs in.</source>
        <translation>Python（或 shell）找不到某个包或程序：它没有安装在作业运行的环境中。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Activate the right environment in the job (conda env or venv field), the one you installed the packages into.</source>
        <translation>在作业中激活正确的环境（conda 环境或 venv 字段），即你安装这些包的那个环境。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install the package there: python -m pip install &lt;package&gt; (python -m pip uses the same Python as the job).</source>
        <translation>在该环境中安装：python -m pip install &lt;package&gt;（python -m pip 使用与作业相同的 Python）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pin versions in requirements.txt so every server gets the same environment.</source>
        <translation>在 requirements.txt 中固定版本，让每台服务器的环境一致。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The loss became NaN</source>
        <translation>loss 变成了 NaN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The numbers overflowed or diverged: usually a learning rate that is too high, or fp16 overflow.</source>
        <translation>数值溢出或发散：通常是学习率过高，或 fp16 溢出。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lower the learning rate (÷10) or use a warm-up.</source>
        <translation>降低学习率（÷10）或使用 warm-up。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clip gradients (max_grad_norm=1.0).</source>
        <translation>裁剪梯度（max_grad_norm=1.0）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefer bf16 to fp16 on GPUs that support it; check the data for NaN/inf values.</source>
        <translation>在支持的 GPU 上优先使用 bf16 而不是 fp16；检查数据中是否有 NaN/inf。</translation>
    </message>
    <message>
        <location filename="../../ui/jobs/detail.py" line="-3"/>
        <source>Log line</source>
        <translation>日志行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What to try:</source>
        <translation>可以尝试：</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+98"/>
        <source>{hours} h {minutes:02d} min</source>
        <translation>{hours} 小时 {minutes:02d} 分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{minutes} min {seconds:02d} s</source>
        <translation>{minutes} 分 {seconds:02d} 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
</context>
<context>
    <name>EnvCheck</name>
    <message>
        <location line="+134"/>
        <source>it is built for CUDA {build} but the driver supports only up to CUDA {driver}</source>
        <translation>它基于 CUDA {build} 构建，但驱动最高只支持 CUDA {driver}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is built for CUDA {build}, newer than the driver&apos;s {driver}; most code runs (minor-version compatibility) but JIT-compiled kernels may fail</source>
        <translation>它基于 CUDA {build} 构建，比驱动支持的 {driver} 新；大多数代码可以运行（次版本兼容），但 JIT 编译的内核可能失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi works.</source>
        <translation>nvidia-smi 工作正常。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reboot the server; if a GPU stays lost, ask the provider to replace it.</source>
        <translation>请重启服务器；如果 GPU 仍然丢失，请让服务商更换。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU is visible.</source>
        <translation>看不到任何 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that the instance has GPUs and that the container was started with GPU access (docker run --gpus all).</source>
        <translation>请确认实例配有 GPU，并且容器启动时开启了 GPU 访问（docker run --gpus all）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVIDIA driver {version}</source>
        <translation>NVIDIA 驱动 {version}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver version could not be read.</source>
        <translation>无法读取驱动版本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run nvidia-smi on the server.</source>
        <translation>请在服务器上运行 nvidia-smi。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA (driver)</source>
        <translation>CUDA（驱动）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver supports CUDA up to {cuda}.</source>
        <translation>驱动最高支持 CUDA {cuda}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver does not say which CUDA it supports (driver older than 410?).</source>
        <translation>驱动没有报告所支持的 CUDA 版本（驱动早于 410？）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Update the NVIDIA driver: current frameworks need CUDA 11.8 or newer.</source>
        <translation>请更新 NVIDIA 驱动：当前的框架需要 CUDA 11.8 或更新版本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA toolkit {version}: {why}</source>
        <translation>CUDA 工具包 {version}：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a CUDA toolkit no newer than the driver supports, or update the driver.</source>
        <translation>请安装不高于驱动所支持版本的 CUDA 工具包，或更新驱动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA toolkit {version}</source>
        <translation>CUDA 工具包 {version}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No CUDA toolkit (nvcc); only needed to compile CUDA code. Frameworks bring their own.</source>
        <translation>没有 CUDA 工具包（nvcc）；只有编译 CUDA 代码时才需要，框架自带所需组件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmux is not installed, so a job dies when the connection drops.</source>
        <translation>未安装 tmux，连接断开时作业会随之终止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install it: apt-get install -y tmux (or yum install -y tmux).</source>
        <translation>请安装：apt-get install -y tmux（或 yum install -y tmux）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is not installed for python3.</source>
        <translation>python3 中未安装 {name}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{command}, or activate the environment that has it.</source>
        <translation>{command}，或激活已安装它的环境。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is installed but does not import: {error}</source>
        <translation>{name} 已安装但无法导入：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reinstall it ({command}) in a clean virtual environment.</source>
        <translation>请在干净的虚拟环境中重新安装（{command}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version} is a CPU-only build.</source>
        <translation>{name} {version} 是仅支持 CPU 的版本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a CUDA build: {command}</source>
        <translation>请安装 CUDA 版本：{command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}: {why} (environment conflict).</source>
        <translation>{name} {version}：{why}（环境冲突）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Install a {name} build for CUDA {cuda} or older, or update the NVIDIA driver.</source>
        <translation>请安装适配 CUDA {cuda} 或更早版本的 {name}，或更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version} (CUDA {build}) does not see any GPU.</source>
        <translation>{name} {version}（CUDA {build}）看不到任何 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check CUDA_VISIBLE_DEVICES, and that the framework&apos;s CUDA build fits the driver.</source>
        <translation>请检查 CUDA_VISIBLE_DEVICES，并确认框架的 CUDA 版本与驱动匹配。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}, CUDA {build}, sees {seen} GPU(s); {why}</source>
        <translation>{name} {version}，CUDA {build}，可见 {seen} 块 GPU；{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefer a {name} build for CUDA {cuda} or older.</source>
        <translation>建议使用适配 CUDA {cuda} 或更早版本的 {name}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} {version}, CUDA {build}, sees {seen} GPU(s).</source>
        <translation>{name} {version}，CUDA {build}，可见 {seen} 块 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk (home)</source>
        <translation>磁盘（主目录）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disk ({path})</source>
        <translation>磁盘（{path}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only {size} free on {path}.</source>
        <translation>{path} 上仅剩 {size} 可用空间。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete old checkpoints or caches (~/.cache/pip, ~/.cache/huggingface), or grow the disk.</source>
        <translation>请删除旧的检查点或缓存（~/.cache/pip、~/.cache/huggingface），或扩容磁盘。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} free on {path}; checkpoints fill it fast.</source>
        <translation>{path} 上剩余 {size}；检查点很快会把它占满。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free some space, or keep data and checkpoints on a larger data disk.</source>
        <translation>请释放一些空间，或把数据和检查点放到更大的数据盘上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} free on {path}.</source>
        <translation>{path} 上剩余 {size}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
</context>
<context>
    <name>EnvReport</name>
    <message>
        <location filename="../../ui/gpus/envreport.py" line="+15"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
</context>
<context>
    <name>EnvReportDialog</name>
    <message>
        <location line="+31"/>
        <source>Environment check — %1</source>
        <translation>环境检查 — %1</translation>
    </message>
</context>
<context>
    <name>EnvReportView</name>
    <message>
        <location line="-23"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result and fix</source>
        <translation>结果与修复方法</translation>
    </message>
</context>
<context>
    <name>Estimate</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-155"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adapters+optimizer</source>
        <translation>适配器+优化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stated need</source>
        <translation>指定需求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a model size; write it like 7B, 70B, 1.5B or 350M.</source>
        <translation>&apos;{text}&apos; 不是有效的模型规模；请写成 7B、70B、1.5B 或 350M 这样的形式。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A model of {text} parameters is outside what the planner covers (1M to 2T).</source>
        <translation>{text} 参数的模型超出了规划器的范围（1M 到 2T）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>needs ≈{need:.0f} GB per GPU over {gpus} GPUs ({parts} GB, + overhead)</source>
        <translation>分布在 {gpus} 块 GPU 上时每块约需 {need:.0f} GB（{parts} GB，另加开销）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>needs ≈{need:.0f} GB ({parts} GB, + overhead)</source>
        <translation>约需 {need:.0f} GB（{parts} GB，另加开销）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sequence {seq} tokens × micro-batch {batch}, activation checkpointing</source>
        <translation>序列 {seq} tokens × 微批次 {batch}，启用激活检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sequence {seq} tokens × micro-batch {batch}</source>
        <translation>序列 {seq} tokens × 微批次 {batch}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4-bit weights cannot be trained directly; use fine-tuning with QLoRA (--task fine-tuning --precision int4).</source>
        <translation>4 位权重无法直接训练；请改用 QLoRA 微调（--task fine-tuning --precision int4）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW, mixed precision: 16 bytes per parameter, sharded across GPUs (ZeRO-3/FSDP)</source>
        <translation>AdamW 混合精度：每个参数 16 字节，在各 GPU 间分片（ZeRO-3/FSDP）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QLoRA (4-bit base) rank {rank} on q,k,v,o</source>
        <translation>QLoRA（4 位基座）秩 {rank}，作用于 q,k,v,o</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LoRA rank {rank} on q,k,v,o</source>
        <translation>LoRA 秩 {rank}，作用于 q,k,v,o</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown training method &apos;{method}&apos;.</source>
        <translation>未知的训练方法 &apos;{method}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>context {context} tokens × batch {batch}, 16-bit KV cache, tensor-parallel across GPUs</source>
        <translation>上下文 {context} tokens × 批次 {batch}，16 位 KV 缓存，跨 GPU 张量并行</translation>
    </message>
</context>
<context>
    <name>FilePane</name>
    <message>
        <location filename="../../ui/files/pane.py" line="+95"/>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Up one folder</source>
        <translation>上一级文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder path</source>
        <translation>文件夹路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hidden</source>
        <translation>隐藏文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show files whose names start with a dot</source>
        <translation>显示名称以点开头的文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 folder path</source>
        <translation>%1文件夹路径</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 files</source>
        <translation>%1文件列表</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot open this folder: {0}</source>
        <translation>无法打开此文件夹：{0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%n item(s)</source>
        <translation>%n 项</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <location filename="../../ui/files/listing.py" line="+88"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permissions</source>
        <translation>权限</translation>
    </message>
</context>
<context>
    <name>FilesPanel</name>
    <message>
        <location filename="../../ui/files/panel.py" line="+78"/>
        <source>Local</source>
        <translation>本地</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Upload the selected local files to the remote folder</source>
        <extracomment>the server&apos;s transfers and jobs (the live core owns the queue; this panel is its view)</extracomment>
        <translation>将选中的本地文件上传到远程文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Download the selected remote files to the local folder</source>
        <translation>将选中的远程文件下载到本地文件夹</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Verify SHA-256</source>
        <translation>SHA-256 校验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare checksums after each transfer (resumed files are always compared)</source>
        <translation>每次传输后比对校验和（续传的文件始终比对）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sync…</source>
        <translation>同步…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send only what changed between a local and a remote folder</source>
        <translation>只传输本地与远程文件夹之间有变化的内容</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Connection lost: transfers are paused and resume after reconnecting.</source>
        <translation>连接已断开：传输已暂停，重新连接后继续。</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>Finished: {0}</source>
        <translation>已完成：{0}</translation>
    </message>
    <message>
        <location line="-37"/>
        <location line="+39"/>
        <source>Failed: {0}: {1}</source>
        <translation>失败：{0}：{1}</translation>
    </message>
    <message>
        <location line="-204"/>
        <source>Follow terminal</source>
        <translation>跟随终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the folder the terminal&apos;s shell is in, after each command</source>
        <translation>每条命令执行后，显示终端 shell 当前所在的文件夹</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Not typed into the terminal: the name {0} holds control characters, which would edit or run the command line. Rename the folder first.</source>
        <translation>未输入到终端：名称 {0} 含有控制字符，会修改或执行命令行。请先重命名该文件夹。</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Downloading for the drop…</source>
        <translation>正在下载，以便完成拖放…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open in editor</source>
        <translation>在编辑器中打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New folder…</source>
        <translation>新建文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Permissions…</source>
        <translation>权限…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open in terminal</source>
        <translation>在终端中打开</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+9"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Upload</source>
        <translation>上传</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+83"/>
        <source>Failed: {0}</source>
        <translation>失败：{0}</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>New folder</source>
        <translation>新建文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder name:</source>
        <translation>文件夹名称：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Permissions</source>
        <translation>权限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Octal mode (e.g. 755):</source>
        <translation>八进制权限（例如 755）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&apos;{0}&apos; is not an octal mode such as 644 or 755.</source>
        <translation>&apos;{0}&apos; 不是 644 或 755 这样的八进制权限。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n item(s) on the server? This cannot be undone.</source>
        <translation>
            <numerusform>删除服务器上的 %n 项？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Editing {0}: saving uploads it again.</source>
        <translation>正在编辑 {0}：保存后会重新上传。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{0} could run as a program, so it is not opened with the system&apos;s default application. Set a text editor in Settings (files.editor, e.g. gedit or code --wait), or open {1} yourself.</source>
        <translation>{0} 可能会作为程序运行，因此不会用系统默认应用打开。请在“设置”中指定文本编辑器（files.editor，例如 gedit 或 code --wait），或自行打开 {1}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not start an editor for {0}. Check the editor command in Settings (files.editor); the copy is {1}.</source>
        <translation>无法为 {0} 启动编辑器。请检查“设置”中的编辑器命令（files.editor）；副本位于 {1}。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Uploaded {0}</source>
        <translation>已上传 {0}</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../ui/terminal/findbar.py" line="+46"/>
        <location line="+1"/>
        <source>Find in terminal</source>
        <translation>在终端中查找</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>No matches</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>FolderMapTable</name>
    <message>
        <location filename="../../ui/importer/preview.py" line="+150"/>
        <source>Folder in the file</source>
        <translation>文件中的文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder in gpudesk</source>
        <translation>gpudesk 中的文件夹</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(top level)</source>
        <translation>（顶层）</translation>
    </message>
</context>
<context>
    <name>Forward</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+535"/>
        <source>Port {port} is already in use on this computer. Choose another local port.</source>
        <translation>本机端口 {port} 已被占用。请选择其他本地端口。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot listen on {address}: {error}.</source>
        <translation>无法在 {address} 上监听：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH connection is closed; reconnect to use this forward.</source>
        <translation>SSH 连接已关闭；请重新连接后再使用此转发。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not reach {address} ({error}). Is the service running there?</source>
        <translation>服务器无法连到 {address}（{error}）。那里的服务在运行吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open a tunnel to {address}: {error}.</source>
        <translation>无法打开到 {address} 的隧道：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SSH connection is closed.</source>
        <translation>SSH 连接已关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server refused to listen on port {port} ({error}). The port may be in use there, or forwarding is disabled in its sshd_config.</source>
        <translation>服务器拒绝在端口 {port} 上监听（{error}）。该端口可能已被占用，或服务器的 sshd_config 禁用了转发。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing answered on {address} here ({error}).</source>
        <translation>本机 {address} 上没有任何响应（{error}）。</translation>
    </message>
</context>
<context>
    <name>ForwardDialog</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+21"/>
        <source>Add port forward</source>
        <translation>添加端口转发</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local: a server port on this computer (-L)</source>
        <translation>本地：在本机访问服务器上的端口（-L）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remote: a local port on the server (-R)</source>
        <translation>远程：在服务器上访问本机的端口（-R）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dynamic: SOCKS5 proxy through the server (-D)</source>
        <translation>动态：经服务器的 SOCKS5 代理（-D）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Listen on port</source>
        <translation>监听端口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Destination host</source>
        <translation>目标主机</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Destination port</source>
        <translation>目标端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start it every time this session connects</source>
        <translation>每次连接此会话时自动启动</translation>
    </message>
</context>
<context>
    <name>Forwards</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-262"/>
        <source>Connection lost; forwards restart on reconnect.</source>
        <translation>连接已断开；重新连接后端口转发会自动恢复。</translation>
    </message>
</context>
<context>
    <name>ForwardsPanel</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+22"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Listen</source>
        <translation>监听</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connections</source>
        <translation>连接数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add forward…</source>
        <extracomment>the server&apos;s forwards: they start, come back after a drop and end with the server, not with this tab</extracomment>
        <translation>添加转发…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward the server&apos;s port %1 here and open it in your browser</source>
        <translation>将服务器的 %1 端口转发到本机，并在浏览器中打开</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop and remove</source>
        <translation>停止并删除</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Port forwards</source>
        <translation>端口转发列表</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No forwards yet — press “Add forward…”, or “Open TensorBoard” / “Open Jupyter” to reach that service on the server from your browser.</source>
        <translation>暂无端口转发 — 点击“添加转发…”，或点击“打开 TensorBoard” / “打开 Jupyter”，即可在浏览器中访问服务器上的相应服务。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Forwards reach services on the server (TensorBoard, Jupyter, a web demo) from this computer. Saved forwards start when the session connects.</source>
        <translation>端口转发让你在本机访问服务器上的服务（TensorBoard、Jupyter、网页演示）。已保存的转发会在会话连接时自动启动。</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+24"/>
        <source>Forwards</source>
        <translation>端口转发</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+24"/>
        <source>Connect first.</source>
        <translation>请先连接。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>active</source>
        <translation>活动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>GpuCard</name>
    <message>
        <location filename="../../ui/gpus/cards.py" line="+51"/>
        <source>Util</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>GPU %1 · %2</source>
        <translation>GPU %1 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>n/a</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Temp %1 °C · Power %2</source>
        <translation>温度 %1 °C · 功耗 %2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>SM %1 MHz · Mem %2 MHz</source>
        <translation>SM %1 MHz · 显存 %2 MHz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fan %1 · %2</source>
        <translation>风扇 %1 · %2</translation>
    </message>
</context>
<context>
    <name>GpuCharts</name>
    <message>
        <location filename="../../ui/gpus/charts.py" line="+24"/>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Chart colours</source>
        <translation>图表颜色</translation>
    </message>
</context>
<context>
    <name>GpuHealth</name>
    <message>
        <location filename="../../ui/gpus/health.py" line="+30"/>
        <source>Xid %1 in the kernel log: %2</source>
        <extracomment>badge colours per verdict: fixed, with white text, readable on the light and the dark theme alike</extracomment>
        <translation>内核日志中的 Xid %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Healthy</source>
        <translation>健康</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degraded</source>
        <translation>降级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Faulty</source>
        <translation>故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Fix: %1</source>
        <translation>处理：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>… and %1 more (hover for all)</source>
        <translation>…… 还有 %1 条（悬停查看全部）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>GPU health: %1</source>
        <translation>GPU 健康：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A GPU nvidia-smi does not list (PCI %1): %2</source>
        <translation>nvidia-smi 未列出的 GPU（PCI %1）：%2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU at PCI %1</source>
        <translation>PCI %1 上的 GPU</translation>
    </message>
</context>
<context>
    <name>GpuPanel</name>
    <message>
        <location filename="../../ui/gpus/panel.py" line="+42"/>
        <source>1 min</source>
        <translation>1 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>10 min</source>
        <translation>10 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 h</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>6 h</source>
        <translation>6 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>24 h</source>
        <translation>24 小时</translation>
    </message>
    <message>
        <location line="+95"/>
        <location line="+314"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="-308"/>
        <source>Window:</source>
        <translation>时间窗口：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Freeze the charts (sampling and history continue)</source>
        <translation>冻结图表（采样和历史记录继续）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History as CSV…</source>
        <translation>历史记录为 CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts as PNG…</source>
        <translation>图表为 PNG…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check environment</source>
        <translation>检查环境</translation>
    </message>
    <message>
        <location line="+45"/>
        <location line="+7"/>
        <source>Processes on the GPUs</source>
        <translation>GPU 上的进程</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Kill…</source>
        <translation>结束进程…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reading the GPUs…</source>
        <translation>正在读取 GPU…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Disconnected — the charts resume after reconnecting.</source>
        <translation>已断开 — 重新连接后图表继续更新。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 GPU(s)</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · driver %1 · CUDA %2</source>
        <translation> · 驱动 %1 · CUDA %2</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>All GPUs are idle while the server is billed. Start your job, or stop the instance to save money.</source>
        <translation>所有 GPU 都处于空闲状态，但服务器仍在计费。请启动作业，或关闭实例以节省费用。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: utilization is low while most memory is free. Raise the batch size (or use more data-loader workers) to keep the GPU busy.</source>
        <translation>%1：利用率低且大部分显存空闲。请增大 batch size（或增加 DataLoader workers）让 GPU 保持忙碌。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: memory is nearly full (OOM risk). Use a smaller batch with gradient accumulation, activation checkpointing, or mixed precision (bf16/fp16).</source>
        <translation>%1：显存几乎已满（有 OOM 风险）。请减小 batch 并配合梯度累积、激活检查点或混合精度（bf16/fp16）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: running hot; the GPU slows its clocks to protect itself. Check the fans/airflow, or ask the provider.</source>
        <translation>%1：温度过高；GPU 会降频自我保护。请检查风扇/散热，或联系服务商。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: drawing its full power limit, so clocks are capped. That is normal under full load; if speed matters, pick a GPU with a higher limit.</source>
        <translation>%1：功耗已达上限，频率受限。满载时属正常现象；如果在意速度，请选择功耗上限更高的 GPU。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: idle while billed. Use them (e.g. torchrun --nproc_per_node) or rent fewer GPUs next time.</source>
        <translation>%1：计费中但处于空闲。请利用起来（例如 torchrun --nproc_per_node），或下次少租几块 GPU。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This process belongs to another user.</source>
        <translation>此进程属于其他用户。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Kill process</source>
        <translation>结束进程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop process %1 (%2)? It gets SIGTERM first, then SIGKILL after 5 s.</source>
        <translation>停止进程 %1（%2）？先发送 SIGTERM，5 秒后发送 SIGKILL。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Process %1 stopped.</source>
        <translation>进程 %1 已停止。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not stop process %1: %2</source>
        <translation>无法停止进程 %1：%2</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Environment (%1): %2 problem(s), %3 warning(s). &lt;a href=&apos;#&apos;&gt;Show report&lt;/a&gt;</source>
        <translation>环境（%1）：%2 个问题，%3 个警告。&lt;a href=&apos;#&apos;&gt;查看报告&lt;/a&gt;</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>The environment check failed: %1</source>
        <translation>环境检查失败：%1</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Checking the environment and the GPUs&apos; health (driver, CUDA, PyTorch, disk, tmux, ECC, PCIe, clocks)…</source>
        <translation>正在检查环境和 GPU 健康（驱动、CUDA、PyTorch、磁盘、tmux、ECC、PCIe、时钟）…</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The GPU health check failed: %1</source>
        <translation>GPU 健康检查失败：%1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Export history</source>
        <translation>导出历史记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export charts</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <location filename="../../ui/guide/steps.py" line="+21"/>
        <source>1. Choose a GPU server</source>
        <translation>1. 选择 GPU 服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The right GPU depends on your model&apos;s memory needs, not only on speed: a model that does not fit fails however fast the card is. Compare the hourly, spot and monthly prices for your expected hours before you rent.</source>
        <translation>合适的 GPU 取决于模型需要多少显存，而不只是速度：模型放不下，卡再快也会失败。租用前，按预计使用时长比较按量、竞价和包月价格。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>2. Log in and verify</source>
        <translation>2. 登录并验证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste the SSH command your provider shows; the app remembers the server and keeps the password in your system keyring. The environment check then confirms the GPUs, driver, CUDA and PyTorch match, before you pay for hours of a broken setup.</source>
        <translation>粘贴服务商提供的 SSH 命令；应用会记住服务器，并把密码保存在系统密钥环中。随后环境检查会确认 GPU、驱动、CUDA 和 PyTorch 是否匹配，免得为一个坏掉的环境白付几个小时的钱。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>3. Deploy and run</source>
        <translation>3. 部署并运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Upload your code and data, then start training as a job: it runs in tmux on the server, so a dropped connection or a closed laptop does not kill it. The Jobs tab follows the log, plots the loss and explains known failures.</source>
        <translation>上传代码和数据，然后以作业方式启动训练：作业在服务器的 tmux 中运行，连接断开或合上笔记本都不会中断它。“作业”页会跟踪日志、绘制 loss 曲线并解释已知故障。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>4. Collect results and release</source>
        <translation>4. 收集结果并释放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download checkpoints and outputs, with the log and command archived so the run can be reproduced. Then stop or terminate the server: a forgotten instance keeps billing by the hour.</source>
        <translation>下载检查点和输出，同时归档日志和命令，便于复现。然后关机或释放服务器：忘记关的实例会一直按小时计费。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Environment conflicts</source>
        <translation>环境冲突</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep each project in its own conda env or venv and pick it in the job form. Install the PyTorch build that matches the driver&apos;s CUDA version (the environment check shows both).</source>
        <translation>每个项目使用独立的 conda 环境或 venv，并在作业表单中选择它。安装与驱动 CUDA 版本匹配的 PyTorch（环境检查会同时显示两者）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA out of memory: smaller batch, gradient accumulation, gradient checkpointing, mixed precision, or split the model (FSDP/DeepSpeed). &quot;Killed&quot; with no Python error means host RAM ran out: fewer DataLoader workers.</source>
        <translation>CUDA out of memory：减小 batch、梯度累积、梯度检查点、混合精度，或拆分模型（FSDP/DeepSpeed）。出现 &quot;Killed&quot; 但没有 Python 报错，说明主机内存耗尽：减少 DataLoader workers。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Network latency</source>
        <translation>网络延迟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a region near you for interactive work; upload many small files as one archive; run long work as a job so a slow or dropped link does not matter. Multi-node training needs fast links between nodes (RDMA/InfiniBand), not to you.</source>
        <translation>交互式工作选择离你近的地区；大量小文件打包成一个压缩包上传；长时间任务以作业方式运行，网络慢或断开都不受影响。多机训练需要节点之间的高速互联（RDMA/InfiniBand），而不是到你这里的网络。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing traps</source>
        <translation>计费陷阱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing runs while the server is on, even idle; a stopped instance may still bill for its disk. Spot instances can be taken away: save checkpoints often. Watch the cost bar and set an idle policy.</source>
        <translation>服务器开机就会计费，空闲也一样；已关机的实例可能仍按磁盘计费。竞价实例可能被回收：请经常保存检查点。留意费用栏，并设置空闲策略。</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <location filename="../../ui/catalog/guide.py" line="+15"/>
        <source>Teach a model new things: train or fine-tune it</source>
        <translation>让模型学会新东西：训练或微调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a model that is already trained (chat, API, batch answers)</source>
        <translation>运行已训练好的模型（对话、API、批量推理）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Render 3D scenes or transcode video</source>
        <translation>渲染 3D 场景或视频转码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a simulation (GROMACS, OpenFOAM, other HPC codes)</source>
        <translation>运行仿真（GROMACS、OpenFOAM 等 HPC 程序）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Help me choose</source>
        <translation>帮我选择</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;1. What will the GPU do?&lt;/b&gt;</source>
        <translation>&lt;b&gt;1. GPU 用来做什么？&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>2. Which model?</source>
        <translation>2. 哪个模型？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>its name, e.g. meta-llama/Llama-3-8B-Instruct, or a size like 13B</source>
        <translation>模型名称，例如 meta-llama/Llama-3-8B-Instruct，或规模如 13B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change all its weights (full fine-tune: best, needs the most memory)</source>
        <translation>更新全部权重（全量微调：效果最好，显存需求最大）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a small adapter (LoRA: far less memory, usually enough)</source>
        <translation>添加一个小适配器（LoRA：显存少得多，通常够用）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make it fit the cheapest GPU (4-bit weights: QLoRA for training)</source>
        <translation>适配最便宜的 GPU（4 位权重：训练用 QLoRA）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>3. For how long?</source>
        <translation>3. 用多久？</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> h a day</source>
        <translation> 小时/天</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hours a day</source>
        <translation>每天小时数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Not sure? Leave it empty: a 7B model is assumed.</source>
        <translation>不确定？留空即可：按 7B 模型估算。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No size found in that name; a 7B model is assumed. Sizes look like 7B or 70B.</source>
        <translation>名称中没有找到模型规模；按 7B 模型估算。规模写法如 7B 或 70B。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≈%1 parameters</source>
        <translation>约 %1 参数</translation>
    </message>
</context>
<context>
    <name>GuidePanel</name>
    <message>
        <location filename="../../ui/guide/panel.py" line="+119"/>
        <source>From zero to a trained model in four steps</source>
        <translation>四步从零到训练好的模型</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>When something goes wrong</source>
        <translation>出问题时</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>A server is saved.</source>
        <translation>已保存服务器。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pick a GPU and a price plan.</source>
        <translation>选择 GPU 和计费方案。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected.</source>
        <translation>已连接。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Connect and check the environment.</source>
        <translation>连接并检查环境。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A job has run on the server.</source>
        <translation>已在服务器上运行过作业。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Upload your project and start a job.</source>
        <translation>上传项目并启动作业。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results collected. Release the server when you are done.</source>
        <translation>结果已收集。用完后请释放服务器。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Download results, then release the server.</source>
        <translation>下载结果，然后释放服务器。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 of 4 steps done. Next: %2</source>
        <translation>已完成 %1/4 步。下一步：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All four steps done.</source>
        <translation>四个步骤都已完成。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Asking the providers whether a server launched from gpudesk still runs…</source>
        <translation>正在向服务商查询从 gpudesk 启动的服务器是否仍在运行…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The providers confirm: nothing launched from gpudesk is running (%1).</source>
        <translation>服务商确认：没有从 gpudesk 启动的服务器在运行（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 could not be asked: %2</source>
        <translation>无法查询 %1：%2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Still billing at the provider: %1.</source>
        <translation>仍在服务商处计费：%1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing of yours is billing any more.</source>
        <translation>你已没有任何正在计费的资源。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open the planner</source>
        <translation>打开选型规划</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>I have a server: add it…</source>
        <translation>我已有服务器：添加…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New session…</source>
        <translation>新建会话…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Try the demo server</source>
        <translation>试用演示服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the environment check</source>
        <translation>查看环境检查</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run a job</source>
        <translation>运行作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Upload files</source>
        <translation>上传文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collect results</source>
        <translation>收集结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release the server</source>
        <translation>释放服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check with the providers</source>
        <translation>向服务商核实</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Still running at the provider, launched from gpudesk: %1. Stop or terminate it with Costs ▸ Stop this server… in its session&apos;s cost bar, or in Providers.</source>
        <translation>以下从 gpudesk 启动的服务器仍在服务商处运行：%1。请在其会话费用栏的“费用 ▸ 停止此服务器…”中，或在“服务商”页中停止或终止它。</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Billing now: compute %1 + storage %2 (%3). Stop or delete it in Providers.</source>
        <translation>当前计费：计算 %1 + 存储 %2（%3）。请在“服务商”页中停止或删除。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Connect to a server first (step 2).</source>
        <translation>请先连接服务器（第 2 步）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Pick a job in the Jobs tab first.</source>
        <translation>请先在“作业”页中选择一个作业。</translation>
    </message>
</context>
<context>
    <name>Handoff</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-113"/>
        <source>&apos;{path}&apos; is not an absolute remote folder.</source>
        <translation>“{path}”不是远程文件夹的绝对路径。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown tool &apos;{tool}&apos;: use code, cursor, windsurf or terminal.</source>
        <translation>未知工具“{tool}”:请使用 code、cursor、windsurf 或 terminal。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{alias}&apos; is not a safe ssh host name.</source>
        <translation>“{alias}”不是安全的 ssh 主机名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No terminal program was found (x-terminal-emulator, gnome-terminal, konsole, xterm). Run: {command}</source>
        <translation>找不到终端程序(x-terminal-emulator、gnome-terminal、konsole、xterm)。请运行:{command}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} was not found on this computer (its &apos;{command}&apos; command is not on PATH). Install it with its Remote - SSH extension, or choose another tool.</source>
        <translation>在这台电脑上找不到 {tool}(PATH 中没有它的“{command}”命令)。请安装它及其 Remote - SSH 扩展,或选择其他工具。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No program opens {uri} here.</source>
        <translation>这里没有程序能打开 {uri}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{tool} could not be started: {error}</source>
        <translation>无法启动 {tool}:{error}</translation>
    </message>
    <message>
        <location line="+294"/>
        <source>The path {path} holds a quote or a control character.</source>
        <translation>路径 {path} 含有引号或控制字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{value}&apos; cannot be written to an ssh config safely.</source>
        <translation>无法把“{value}”安全地写入 ssh 配置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand uses a %-token other than %h, %p, %r.</source>
        <translation>ProxyCommand 使用了 %h、%p、%r 以外的 % 标记。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenSSH has no {kind} proxy setting of its own; this session is reached only through gpudesk.</source>
        <translation>OpenSSH 本身没有 {kind} 代理设置;此会话只能通过 gpudesk 连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} cannot be read ({error}); it was left as it is.</source>
        <translation>无法读取 {path}({error}),已保持原样。</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>gpudesk has not trusted this server&apos;s host key yet, so OpenSSH will refuse it: connect once in gpudesk and trust the key, then open it again.</source>
        <translation>gpudesk 尚未信任此服务器的主机密钥,OpenSSH 会拒绝连接:请先在 gpudesk 中连接一次并信任该密钥,然后再打开。</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>This session does not use a key kept in the keyring.</source>
        <translation>此会话没有使用保存在密钥环中的密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No SSH agent is running (SSH_AUTH_SOCK is not set). Start one (eval $(ssh-agent)) or use a key file.</source>
        <translation>没有正在运行的 SSH 代理(未设置 SSH_AUTH_SOCK)。请启动一个(eval $(ssh-agent)),或改用密钥文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The keyring holds no key for this session.</source>
        <translation>密钥环中没有此会话的密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stored key could not be read (a passphrase is needed, or it is not an OpenSSH/PEM key).</source>
        <translation>无法读取保存的密钥(需要口令,或它不是 OpenSSH/PEM 密钥)。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The agent lifetime must be between 1 minute and 7 days.</source>
        <translation>代理保留时间必须在 1 分钟到 7 天之间。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add is not installed (it comes with the OpenSSH client).</source>
        <translation>未安装 ssh-add(它随 OpenSSH 客户端提供)。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add did not answer within 30 s.</source>
        <translation>ssh-add 在 30 秒内没有响应。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ssh-add refused the key: {error}</source>
        <translation>ssh-add 拒绝了该密钥:{error}</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location line="-305"/>
        <source>Benchmark {figure}: {measured} {unit} measured, {expected} expected for this GPU ({pct:.0f} %).</source>
        <translation>基准测试 {figure}：实测 {measured} {unit}，此 GPU 应有 {expected}（{pct:.0f} %）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This GPU is well under its class: ask the provider for another one, or a refund.</source>
        <translation>此 GPU 远低于同级水平：请向服务商要求更换或退款。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link reached only Gen{gen} x{width} of Gen{gen_max} x{width_max} under the benchmark&apos;s load: data moves to and from the GPU slower than it should.</source>
        <translation>在基准测试负载下 PCIe 链路只达到 Gen{gen} x{width}（最高 Gen{gen_max} x{width_max}）：GPU 与主机之间的数据传输比应有的慢。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to reseat the GPU or move you to another host (a riser or a slot wired for fewer lanes does this).</source>
        <translation>请服务商重新插装 GPU 或为您换一台主机（转接卡或通道数较少的插槽会造成这种情况）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi -q gave nothing to judge (exit code {rc}): {words}</source>
        <translation>nvidia-smi -q 没有给出可判断的内容（退出码 {rc}）：{words}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no output</source>
        <translation>无输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read with {tool}: {n} Xid line(s) in the last 24 h.</source>
        <translation>已用 {tool} 读取：最近 24 小时内有 {n} 条 Xid 记录。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel log is not readable for this user ({words}); Xid errors could not be checked. Log in as root to check them.</source>
        <translation>当前用户无法读取内核日志（{words}），因此无法检查 Xid 错误。请以 root 登录后再检查。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Faulty: not the GPU you paid for. Ask the provider for a refund; terminate the instance and rent the next best offer.</source>
        <translation>故障：这不是您付费租用的 GPU 应有的状态。请向服务商要求退款；终止该实例，改租下一个最合适的报价。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degraded: the GPU works, but slower or less safely than it should. Read the findings; if the provider cannot fix it soon, terminate and rent another.</source>
        <translation>降级：GPU 可以工作，但比应有的更慢或更不可靠。请查看检查结果；如果服务商不能尽快修复，请终止并改租其他实例。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown: no problem found, but some signals could not be read (see below). Check again under load or as root.</source>
        <translation>未知：未发现问题，但有些信号无法读取（见下文）。请在负载下或以 root 身份再检查一次。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Healthy: no hardware problem found.</source>
        <translation>健康：未发现硬件问题。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider for a refund; terminate the instance and rent the next best offer.</source>
        <translation>请向服务商要求退款；终止该实例，改租下一个最合适的报价。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link: could not be read</source>
        <translation>PCIe 链路：无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link runs at Gen{gen} x{width} of Gen{gen_max} x{width_max} while the GPU is not idle: data moves to and from the GPU slower than it should.</source>
        <translation>GPU 非空闲时 PCIe 链路只有 Gen{gen} x{width}（最高 Gen{gen_max} x{width_max}）：GPU 与主机之间的数据传输比应有的慢。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PCIe link: Gen{gen} x{width} of Gen{gen_max} x{width_max} while idle (normal power saving); it is judged only under load</source>
        <translation>PCIe 链路：空闲时为 Gen{gen} x{width}（最高 Gen{gen_max} x{width_max}），属正常节能；只在负载下判断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clock event reasons: not reported</source>
        <translation>时钟事件原因：未报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clock event reasons: could not be read</source>
        <translation>时钟事件原因：无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU slows its clocks because it is too hot.</source>
        <translation>GPU 因温度过高而降低时钟频率。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to check the cooling (fans, airflow, the room).</source>
        <translation>请服务商检查散热（风扇、风道、机房）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW Power Brake is active: the server&apos;s power supply told the GPU to slow down.</source>
        <translation>HW Power Brake 已激活：服务器电源要求 GPU 降速。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to check the power supplies of this server, or move to another host.</source>
        <translation>请服务商检查这台服务器的电源，或换一台主机。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HW Slowdown is active: the GPU runs at a fraction of its clock speed.</source>
        <translation>HW Slowdown 已激活：GPU 只以其时钟频率的一小部分运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to fix it or move you to another host; jobs will run much slower.</source>
        <translation>请服务商修复或为您换一台主机；否则任务会慢很多。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SM clock {sm} MHz of {sm_max} MHz while the GPU is not idle.</source>
        <translation>GPU 非空闲时 SM 时钟仅 {sm} MHz（最高 {sm_max} MHz）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider why the clocks are held down (power cap, slowdown, clock settings).</source>
        <translation>请询问服务商时钟为何被压低（功耗上限、降速、时钟设置）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC error counters: could not be read</source>
        <translation>ECC 错误计数：无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} uncorrectable ECC memory error(s) since the last reset.</source>
        <translation>自上次重置以来有 {n} 个不可纠正的 ECC 显存错误。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} uncorrectable ECC memory error(s) over the GPU&apos;s life (none since the last reset).</source>
        <translation>整个使用期内有 {n} 个不可纠正的 ECC 显存错误（自上次重置以来没有）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch for new errors; if jobs crash with memory errors, ask for another GPU.</source>
        <translation>留意是否出现新错误；如果任务因显存错误崩溃，请要求更换 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Many corrected ECC memory errors: {vc} since the last reset, {ac} over the GPU&apos;s life.</source>
        <translation>已纠正的 ECC 显存错误很多：自上次重置以来 {vc} 个，整个使用期内 {ac} 个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The memory is wearing out; ask the provider for another GPU for long jobs.</source>
        <translation>显存正在老化；长时间任务请向服务商要求换一块 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retired pages / remapped rows: could not be read</source>
        <translation>退役页 / 重映射行：无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory pages are waiting to be retired ({n} retired after double-bit errors so far): the GPU has had uncorrectable memory errors and needs a reset.</source>
        <translation>有显存页等待退役（目前已因双比特错误退役 {n} 页）：GPU 出现过不可纠正的显存错误，需要重置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row remapping failed: the GPU has run out of spare memory rows.</source>
        <translation>行重映射失败：GPU 的备用显存行已用尽。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A memory row remap is pending ({unc} row(s) remapped after uncorrectable errors): the GPU needs a reset to apply it.</source>
        <translation>有待生效的显存行重映射（因不可纠正错误已重映射 {unc} 行）：GPU 需要重置才能生效。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the provider to reset the GPU (or reboot the server) before long jobs.</source>
        <translation>运行长时间任务前，请服务商重置 GPU（或重启服务器）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Persistence mode is off: every nvidia-smi call re-initialises the GPU (slow first calls).</source>
        <translation>持久模式已关闭：每次调用 nvidia-smi 都会重新初始化 GPU（首次调用较慢）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &apos;sudo nvidia-smi -pm 1&apos; (as root), or ask the provider to enable it.</source>
        <translation>运行 &apos;sudo nvidia-smi -pm 1&apos;（需 root），或请服务商开启。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MIG is on: the GPU is split into instances; a job sees only its slice.</source>
        <translation>MIG 已开启：GPU 被划分为多个实例；一个任务只能看到自己的那一份。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>If you rented the whole GPU, ask the provider to disable MIG (&apos;nvidia-smi -mig 0&apos;).</source>
        <translation>如果您租的是整块 GPU，请服务商关闭 MIG（&apos;nvidia-smi -mig 0&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The provider said {claim}; the server has {name}.</source>
        <translation>服务商说是 {claim}；服务器上实际是 {name}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{got:.0f} GB of GPU memory where {want:.0f} GB were promised.</source>
        <translation>承诺 {want:.0f} GB 显存，实际只有 {got:.0f} GB。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time unknown</source>
        <translation>时间未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{m:.0f} min ago</source>
        <translation>{m:.0f} 分钟前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{h:.0f} h ago</source>
        <translation>{h:.0f} 小时前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xid {code} ({count}× in the kernel log, last {ago}): {meaning}. Last line: {text}</source>
        <translation>Xid {code}（内核日志中 {count} 次，最近一次 {ago}）：{meaning}。最后一行：{text}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Usually the program&apos;s own bug (a bad memory access): check your code.</source>
        <translation>通常是程序自身的错误（非法内存访问）：请检查您的代码。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch for repeats; if they come back under load, ask the provider for another GPU.</source>
        <translation>留意是否重复出现；如果在负载下再次出现，请向服务商要求更换 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi cannot reach this GPU: {words}</source>
        <translation>nvidia-smi 无法访问这块 GPU：{words}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU name: could not be read</source>
        <translation>GPU 名称：无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel log (Xid errors): not readable</source>
        <translation>内核日志（Xid 错误）：无法读取</translation>
    </message>
</context>
<context>
    <name>IdlePrompt</name>
    <message>
        <location filename="../../ui/billing/prompt.py" line="+43"/>
        <location line="+50"/>
        <source>Stop now</source>
        <translation>立即关机</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Keep 1 h</source>
        <translation>保留 1 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep until job ends</source>
        <translation>保留到作业结束</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dismiss (keep running, ask again later)</source>
        <translation>忽略（继续运行，稍后再问）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>price unknown</source>
        <translation>价格未知</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPU idle for %1 min, %2</source>
        <translation>GPU 已空闲 %1 分钟，%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Budget reached for %1</source>
        <translation>%1 已达到预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Today&apos;s budget reached for %1</source>
        <translation>%1 已达到今日预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to stop %1</source>
        <translation>%1 到了定时关机时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job on %1 has ended</source>
        <translation>%1 上的作业已结束</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>%1 is still billing at %2.</source>
        <translation>%1 仍在以 %2 计费。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gpudesk has no provider API for this server: stop it in your provider&apos;s console.</source>
        <translation>gpudesk 没有此服务器的服务商 API：请在服务商控制台中关机。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The automatic terminate failed: %1</source>
        <translation>自动释放失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The automatic stop failed: %1</source>
        <translation>自动关机失败：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Terminate now</source>
        <translation>立即释放</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>I stopped it</source>
        <translation>我已关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop metering: you released the server in your provider&apos;s console.</source>
        <translation>停止计费：你已在服务商控制台中释放了服务器。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(an editor is still open on the server, past its limit for an idle GPU)</source>
        <translation>(服务器上仍有编辑器打开,但已超过空闲 GPU 的上限)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No automatic action: gpudesk will keep reminding you.</source>
        <translation>不执行自动操作：gpudesk 会持续提醒你。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Trying again automatically in %1 unless you answer.</source>
        <translation>如不回应，将在 %1 后自动重试。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminating</source>
        <translation>释放</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stopping</source>
        <translation>关机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 automatically in %2 unless you answer.</source>
        <translation>如不回应，将在 %2 后自动%1。</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../ui/importer/dialog.py" line="+23"/>
        <source>Detect automatically</source>
        <translation>自动检测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GBK (Chinese Windows)</source>
        <translation>GBK（中文 Windows）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Windows-1252 (Western Windows)</source>
        <translation>Windows-1252（西文 Windows）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>OpenSSH config (~/.ssh/config)</source>
        <translation>OpenSSH 配置（~/.ssh/config）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MobaXterm (.mxtsessions, MobaXterm.ini)</source>
        <translation>MobaXterm（.mxtsessions、MobaXterm.ini）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xshell (.xsh files or a folder of them)</source>
        <translation>Xshell（.xsh 文件或其所在文件夹）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PuTTY (.reg export of its sessions)</source>
        <translation>PuTTY（导出会话的 .reg 文件）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Import sessions</source>
        <translation>导入会话</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Duplicates (same host, port and user):</source>
        <translation>重复项（主机、端口和用户相同）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip them</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge into the saved session (adds key, jump host)</source>
        <translation>合并到已保存的会话（添加密钥、跳板机）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folders:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Messages:</source>
        <translation>消息：</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Import from:</source>
        <translation>导入来源：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Text encoding:</source>
        <translation>文本编码：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MobaXterm and older Xshell files use the Windows code page; pick it if names look garbled.</source>
        <translation>MobaXterm 和旧版 Xshell 的文件使用 Windows 代码页；如果名称显示乱码，请选择它。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Choose files to import</source>
        <translation>选择要导入的文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose the Xshell sessions folder</source>
        <translation>选择 Xshell 会话文件夹</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个文件…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not imported: %1</source>
        <translation>未导入：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Select a session to read all its notes.</source>
        <translation>选择一个会话以查看它的全部说明。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing to note for this session.</source>
        <translation>此会话没有需要说明的内容。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose the format and add the files (or, for Xshell, the sessions folder).</source>
        <translation>选择格式并添加文件（Xshell 则添加会话文件夹）。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n to create</source>
        <translation>
            <numerusform>新建 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n to merge</source>
        <translation>
            <numerusform>合并 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n skipped</source>
        <translation>
            <numerusform>跳过 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n non-SSH entries left out</source>
        <translation>
            <numerusform>略过 %n 个非 SSH 条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n file(s) cannot be imported (see Messages)</source>
        <translation>
            <numerusform>%n 个文件无法导入（见“消息”）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Import %n session(s)</source>
        <translation>
            <numerusform>导入 %n 个会话</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was imported</source>
        <translation>未导入任何内容</translation>
    </message>
</context>
<context>
    <name>JobDetail</name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="+75"/>
        <source>No job selected</source>
        <translation>未选择作业</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run a job, or pick one on the left. Jobs keep running on the server when you disconnect.</source>
        <translation>运行一个作业，或在左侧选择一个。断开连接后作业仍会在服务器上继续运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · exit code %1</source>
        <translation> · 退出码 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>started %1</source>
        <translation>启动于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ran %1</source>
        <translation>运行了 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cost %1</source>
        <translation>费用 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>ETA %1</source>
        <translation>预计剩余 %1</translation>
    </message>
</context>
<context>
    <name>JobError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+34"/>
        <source>The job&apos;s working folder {path} is gone on the server.</source>
        <translation>作业的工作目录 {path} 在服务器上已不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a job id.</source>
        <translation>&apos;{id}&apos; 不是作业 ID。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading the results failed: {error}.</source>
        <translation>下载结果失败：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Downloading the results failed: tar exit code {code}.</source>
        <translation>下载结果失败：tar 退出码 {code}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job has no command.</source>
        <translation>作业没有命令。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a valid job id (letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;).</source>
        <translation>&apos;{id}&apos; 不是有效的作业 ID（只能包含字母、数字、&apos;-&apos;、&apos;_&apos; 和 &apos;.&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job could not start: {error}.</source>
        <translation>作业无法启动：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job could not start: exit code {code}.</source>
        <translation>作业无法启动：退出码 {code}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The job started but its folder cannot be read back.</source>
        <translation>作业已启动，但无法读回它的文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list the jobs: {error}.</source>
        <translation>无法列出作业：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list the jobs: exit code {code}.</source>
        <translation>无法列出作业：退出码 {code}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a job id. See &apos;gpudesk jobs list&apos;.</source>
        <translation>&apos;{id}&apos; 不是作业 ID。请查看 &apos;gpudesk jobs list&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No log for job {id}: is the id right? See &apos;gpudesk jobs list&apos;.</source>
        <translation>作业 {id} 没有日志：ID 是否正确？请查看 &apos;gpudesk jobs list&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no such job</source>
        <translation>没有这个作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not stop job {id}: {error}.</source>
        <translation>无法停止作业 {id}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not remove job {id}: {error}.</source>
        <translation>无法删除作业 {id}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{name}&apos; is not a valid environment variable name</source>
        <translation>&apos;{name}&apos; 不是有效的环境变量名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which script to run (e.g. train.py).</source>
        <translation>请指定要运行的脚本（例如 train.py）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A multi-node job needs at least two servers.</source>
        <translation>多节点作业至少需要两台服务器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TensorBoard did not start (exit code {code}).</source>
        <translation>TensorBoard 没有启动（退出码 {code}）。</translation>
    </message>
</context>
<context>
    <name>Jobs</name>
    <message>
        <location filename="../../ui/jobs/detail.py" line="-141"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost (not running, no exit code)</source>
        <translation>已丢失（未在运行，也没有退出码）</translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message>
        <location filename="../../ui/jobs/panel.py" line="+39"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exit</source>
        <translation>退出码</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run a job…</source>
        <translation>运行作业…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run again…</source>
        <translation>再次运行…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collect results…</source>
        <translation>收集结果…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TensorBoard</source>
        <translation>TensorBoard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start TensorBoard on the server for this job&apos;s log folder and open it here</source>
        <translation>在服务器上为此作业的日志文件夹启动 TensorBoard，并在本机打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete this finished job&apos;s folder on the server</source>
        <translation>在服务器上删除此已结束作业的文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Refresh the job list</source>
        <translation>刷新作业列表</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric regex…</source>
        <translation>指标正则…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own regular expression for metrics in the log</source>
        <translation>用你自己的正则表达式从日志中提取指标</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No jobs on this server yet.

A job runs in tmux on the server: it keeps running when your connection drops or this app closes, and its log and exit code are kept.</source>
        <translation>此服务器上还没有作业。

作业在服务器的 tmux 中运行：连接断开或关闭本应用后它仍会继续运行，日志和退出码都会保留。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Connection lost. Jobs keep running on the server; the list and logs come back when you reconnect.</source>
        <translation>连接已断开。作业仍在服务器上运行；重新连接后列表和日志会恢复。</translation>
    </message>
    <message>
        <location line="+132"/>
        <source>… the first %1 MB of this log are not shown …
</source>
        <translation>… 此日志的前 %1 MB 未显示 …
</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Job %1 %2 after %3</source>
        <translation>作业 %1 %2，用时 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (exit code %1)</source>
        <translation>（退出码 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · cost %1</source>
        <translation> · 费用 %1</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Starting %1…</source>
        <translation>正在启动 %1…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>in tmux (watch it live in a terminal: %1)</source>
        <translation>运行于 tmux 中（可在终端中实时查看：%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>with nohup (no tmux on this server)</source>
        <translation>使用 nohup 运行（此服务器没有 tmux）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started %1 %2. It keeps running if the connection drops.</source>
        <translation>已启动 %1，%2。连接断开后它仍会继续运行。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop job</source>
        <translation>停止作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop %1? Its processes get SIGTERM (SIGKILL after 10 s).</source>
        <translation>停止 %1？其进程会收到 SIGTERM（10 秒后 SIGKILL）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Remove job</source>
        <translation>删除作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete the log and record of %1 on the server?</source>
        <translation>删除服务器上 %1 的日志和记录？</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Metric regex</source>
        <translation>指标正则</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A regular expression for your log&apos;s metrics. Named groups become series; (?P&lt;step&gt;…) is the step.
Example: reward=(?P&lt;reward&gt;[-\d.]+)</source>
        <translation>用于提取日志指标的正则表达式。命名分组会成为数据系列；(?P&lt;step&gt;…) 表示步数。
示例：reward=(?P&lt;reward&gt;[-\d.]+)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>That regex does not compile: %1</source>
        <translation>该正则表达式无法编译：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting TensorBoard for %1…</source>
        <translation>正在为 %1 启动 TensorBoard…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TensorBoard runs on the server&apos;s port %1; it opens in your browser (see Forwards).</source>
        <translation>TensorBoard 运行在服务器的 %1 端口；将在浏览器中打开（见“端口转发”）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>TensorBoard: http://127.0.0.1:%1/</source>
        <translation>TensorBoard：http://127.0.0.1:%1/</translation>
    </message>
</context>
<context>
    <name>Launch</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+88"/>
        <source>{provider} has not shown instance {id} for {n:g} min since it was rented. It may still exist and bill: destroy it (or check the provider&apos;s console) before renting again.</source>
        <translation>自租用以来，{provider} 已有 {n:g} 分钟未显示实例 {id}。它可能仍然存在并在计费：再次租用前请先销毁它（或到服务商控制台查看）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} is finding a machine for instance {id}…</source>
        <translation>{provider} 正在为实例 {id} 寻找机器…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} is starting ({status}); no SSH address yet…</source>
        <translation>实例 {id} 正在启动（{status}）；尚无 SSH 地址…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers on {host}:{port} but does not take gpudesk&apos;s key yet (the server is still setting up); waiting…</source>
        <translation>{host}:{port} 的 SSH 已有响应，但还不接受 gpudesk 的密钥（服务器仍在设置中）；正在等待…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} has the address {host}:{port}; waiting for SSH to answer…</source>
        <translation>实例 {id} 的地址为 {host}:{port}；正在等待 SSH 响应…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Logged in on {host}:{port} with gpudesk&apos;s key.</source>
        <translation>已用 gpudesk 的密钥登录 {host}:{port}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers on {host}:{port}.</source>
        <translation>{host}:{port} 上的 SSH 已响应。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the provider never found a machine for it</source>
        <translation>服务商始终没有为它找到机器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never got an SSH address</source>
        <translation>它始终没有获得 SSH 地址</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing answered SSH on {host}:{port}</source>
        <translation>{host}:{port} 上始终没有 SSH 响应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH on {host}:{port} never accepted gpudesk&apos;s key</source>
        <translation>{host}:{port} 的 SSH 始终不接受 gpudesk 的密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it never became usable</source>
        <translation>它始终没有进入可用状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n:g} s</source>
        <translation>{n:g} 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n:g} min</source>
        <translation>{n:g} 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} at {provider} was not usable after {waited}: {where}. It is rented and may be billing: terminate it unless you want to wait longer.</source>
        <translation>{provider} 上的实例 {id} 在等待 {waited} 后仍不可用：{where}。该实例已租用，可能正在计费：除非你愿意继续等待，否则请将其释放。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stopped before renting: nothing was rented.</source>
        <translation>在租用前已停止：没有租用任何实例。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} was asked to end instance {id} but still lists it: it may bill.</source>
        <translation>已请求 {provider} 结束实例 {id}，但它仍在列表中：可能仍在计费。</translation>
    </message>
</context>
<context>
    <name>Link</name>
    <message>
        <location line="-108"/>
        <source>Reconnecting was stopped.</source>
        <translation>已停止重新连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Disconnected: {count} tries to reconnect failed.</source>
        <translation>连接已断开：{count} 次重新连接均失败。</translation>
    </message>
</context>
<context>
    <name>LogView</name>
    <message>
        <location filename="../../ui/jobs/log_view.py" line="+31"/>
        <source>Job log</source>
        <translation>作业日志</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the newest lines in view</source>
        <translation>始终显示最新的行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Search the log</source>
        <translation>搜索日志</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Search the log (Enter: next, %1: previous)</source>
        <translation>搜索日志（Enter：下一个，%1：上一个）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search the log (Enter: next)</source>
        <translation>搜索日志（Enter：下一个）</translation>
    </message>
    <message numerus="yes">
        <location line="+72"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 处匹配</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoginLine</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+144"/>
        <source>{reason} Paste the SSH login your provider shows, for example: {examples}</source>
        <translation>{reason} 请粘贴服务商提供的 SSH 登录命令，例如：{examples}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The quick connect box is empty.</source>
        <translation>快速连接框是空的。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This text is too long to be a login line ({count} characters).</source>
        <translation>这段文本太长，不像登录命令（{count} 个字符）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The text holds a line break or another control character.</source>
        <translation>文本中包含换行符或其他控制字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is a web address, not an SSH login.</source>
        <translation>这是一个网址，不是 SSH 登录命令。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A quote in the text is not closed.</source>
        <translation>文本中有未闭合的引号。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is not a login line.</source>
        <translation>这不是登录命令。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The option -{flag} has no value.</source>
        <translation>选项 -{flag} 缺少值。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the login is used: remove &apos;{word}&apos; after the address.</source>
        <translation>只使用登录部分：请删除地址后面的 &apos;{word}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No server address found in the text.</source>
        <translation>文本中没有找到服务器地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The user name before &apos;@&apos; is empty.</source>
        <translation>&apos;@&apos; 前面的用户名为空。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{address}&apos; is not a server address.</source>
        <translation>&apos;{address}&apos; 不是有效的服务器地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{address}&apos; is not an IPv6 address.</source>
        <translation>&apos;{address}&apos; 不是有效的 IPv6 地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{user}&apos; is not a user name.</source>
        <translation>&apos;{user}&apos; 不是有效的用户名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No server address found in the ssh:// address.</source>
        <translation>ssh:// 地址中没有找到服务器地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An ssh:// address has no path: ssh://user@host:port.</source>
        <translation>ssh:// 地址不能带路径：ssh://user@host:port。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The port in the address is not a number between 1 and 65535.</source>
        <translation>地址中的端口不是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a port number.</source>
        <translation>&apos;{text}&apos; 不是有效的端口号。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port must be between 1 and 65535, not {port}.</source>
        <translation>端口必须在 1 到 65535 之间，而不是 {port}。</translation>
    </message>
</context>
<context>
    <name>LossChart</name>
    <message>
        <location filename="../../ui/jobs/chart.py" line="+27"/>
        <location line="+73"/>
        <source>log entry</source>
        <translation>日志条目</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+1"/>
        <source>Which metric to plot</source>
        <translation>要绘制的指标</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A logarithmic loss axis: late, small improvements stay visible</source>
        <translation>损失轴使用对数刻度：后期的细微改进也清晰可见</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No loss found in the log yet.</source>
        <translation>日志中还没有找到 loss。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>All losses</source>
        <translation>所有 loss</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>step</source>
        <translation>步数</translation>
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
        <translation>未连接</translation>
    </message>
    <message>
        <location line="-198"/>
        <source>No system keyring found: passwords will be asked for each time, not saved.</source>
        <translation>未找到系统密钥环：每次都会询问密码，不会保存。</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+23"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.py" line="+51"/>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <source>New session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <location line="+75"/>
        <source>New session…</source>
        <translation>新建会话…</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open the demo server</source>
        <translation>打开演示服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import sessions…</source>
        <translation>导入会话…</translation>
    </message>
    <message>
        <location filename="../../ui/quit_guard.py" line="+40"/>
        <location filename="../../ui/window_chrome.py" line="+2"/>
        <source>Quit gpudesk</source>
        <translation>退出 gpudesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+9"/>
        <source>Quick connect: paste &quot;ssh -p 34567 root@host&quot; and press Enter</source>
        <translation>快速连接：粘贴 &quot;ssh -p 34567 root@host&quot; 后按 Enter</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Quick connect</source>
        <translation>快速连接</translation>
    </message>
    <message>
        <location filename="../../ui/pages.py" line="+32"/>
        <source>Catalog</source>
        <extracomment>the class each page is built from the &quot;module:Class&quot; names tests and the screenshot scripts still open pages by (``MainWindow.open_page``)</extracomment>
        <translation>GPU 选型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location filename="../../ui/guide/dock.py" line="+28"/>
        <location filename="../../ui/window_chrome.py" line="+5"/>
        <source>Guide</source>
        <translation>向导</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+6"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keyboard shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create diagnostics bundle…</source>
        <translation>生成诊断包…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check for updates…</source>
        <translation>检查更新…</translation>
    </message>
    <message>
        <location filename="../../ui/help_menu.py" line="+86"/>
        <location filename="../../ui/window_chrome.py" line="+3"/>
        <source>About gpudesk</source>
        <translation>关于 gpudesk</translation>
    </message>
    <message>
        <location filename="../../ui/window_chrome.py" line="+11"/>
        <source>Welcome to gpudesk</source>
        <translation>欢迎使用 gpudesk</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paste the SSH command your GPU provider shows into Quick connect above,
or double-click a saved session on the left. No server yet? Try the demo.</source>
        <translation>将 GPU 服务商提供的 SSH 命令粘贴到上方的“快速连接”，
或双击左侧已保存的会话。还没有服务器？试试演示服务器。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Try the demo GPU server</source>
        <translation>试用演示 GPU 服务器</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Import from MobaXterm, Xshell, PuTTY…</source>
        <translation>从 MobaXterm、Xshell、PuTTY 导入…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the four-step guide</source>
        <translation>查看四步向导</translation>
    </message>
    <message>
        <location filename="../../ui/quick_connect.py" line="+63"/>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.py" line="+135"/>
        <source>%n server(s) connected</source>
        <translation>
            <numerusform>已连接 %n 台服务器</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connection lost</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopped at the provider (not billing)</source>
        <translation>已在服务商处关机（不计费）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Released at the provider</source>
        <translation>已在服务商处释放</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+18"/>
        <source>Set up key login</source>
        <translation>设置密钥登录</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Create a new ed25519 key, add it to ~/.ssh/authorized_keys on %1 and log in with it from now on?
The private key is kept in the system keyring.</source>
        <translation>创建新的 ed25519 密钥，添加到 %1 的 ~/.ssh/authorized_keys，以后都用它登录？
私钥保存在系统密钥环中。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Key login is set up for %1.</source>
        <translation>%1 已设置密钥登录。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>%1 servers</source>
        <translation>%1 台服务器</translation>
    </message>
    <message>
        <location filename="../../ui/help_menu.py" line="-52"/>
        <source>Save diagnostics bundle</source>
        <translation>保存诊断包</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Diagnostics bundle saved to %1 (no passwords or host names inside).</source>
        <translation>诊断包已保存到 %1（其中不含密码和主机名）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Updates</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gpudesk is up to date.</source>
        <translation>gpudesk 已是最新版本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gpudesk %1 is available.

%2

Download: %3</source>
        <translation>gpudesk %1 已发布。

%2

下载：%3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>gpudesk %1
Rent, use and release cloud GPU servers from one window.</source>
        <translation>gpudesk %1
在一个窗口中租用、使用和释放云 GPU 服务器。</translation>
    </message>
    <message>
        <location filename="../../ui/demo_launch.py" line="+34"/>
        <source>The demo GPU server is not available on Windows: it simulates a Linux server with a POSIX shell and tools that Windows does not have. Everything else works: connect to your own server with New session, or import your sessions from MobaXterm or Xshell.</source>
        <translation>演示 GPU 服务器在 Windows 上不可用：它模拟的是一台 Linux 服务器，依赖 Windows 所没有的 POSIX shell 和工具。其他功能均可正常使用：用“新建会话”连接你自己的服务器，或从 MobaXterm 或 Xshell 导入会话。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Starting the demo GPU server…</source>
        <translation>正在启动演示 GPU 服务器…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Demo GPU server</source>
        <translation>演示 GPU 服务器</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>The demo server is guarded: quit gpudesk and the demo instance stops by itself after %1 min without work.</source>
        <translation>演示服务器已受守护：退出 gpudesk 后，演示实例在 %1 分钟无任何工作后会自动关机。</translation>
    </message>
    <message>
        <location filename="../../ui/quit_guard.py" line="+1"/>
        <source>Still billing: %1.</source>
        <translation>仍在计费：%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Billing now: compute %1 + storage %2</source>
        <translation>当前计费：计算 %1 + 存储 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Quitting gpudesk does not stop the bill. Stop the server first, or quit anyway: where the guard on the server is on, it stops an idle server by itself.</source>
        <translation>退出 gpudesk 并不会停止计费。请先将服务器关机，或直接退出：若服务器上已开启守护，它会自动将空闲的服务器关机。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stop and quit</source>
        <translation>关机并退出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit anyway</source>
        <translation>仍然退出</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not quitting: %1</source>
        <translation>未退出：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stopping %1 server(s) before quitting…</source>
        <translation>退出前正在将 %1 台服务器关机…</translation>
    </message>
    <message>
        <location filename="../../ui/demo_launch.py" line="-86"/>
        <location line="+60"/>
        <source>Demo</source>
        <translation>演示</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>The demo server could not start: %1</source>
        <translation>演示服务器无法启动：%1</translation>
    </message>
</context>
<context>
    <name>MultiDashboard</name>
    <message>
        <location filename="../../ui/multi/dashboard.py" line="+17"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Util</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost/h</source>
        <translation>费用/小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+1"/>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connection lost</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt; 1 min</source>
        <translation>&lt; 1 分钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
</context>
<context>
    <name>MultiOutputs</name>
    <message>
        <location filename="../../ui/multi/outputs.py" line="+20"/>
        <source>exit %1 · %2 s</source>
        <translation>退出码 %1 · %2 秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connecting…</source>
        <translation>连接中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>MultiServer</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-160"/>
        <source>The connection failed: {error}.</source>
        <translation>连接失败：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected error: {error}</source>
        <translation>意外错误：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command did not finish within {seconds:g} s; it was stopped.</source>
        <translation>命令在 {seconds:g} 秒内没有结束，已被停止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection closed before the command finished.</source>
        <translation>命令结束前连接已关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The command ended without an exit code (was it killed by a signal?).</source>
        <translation>命令结束时没有退出码（是否被信号终止？）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{server} is not connected. Connect it first.</source>
        <translation>{server} 未连接。请先连接它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same folder as {server} (a shared file system): one copy serves both.</source>
        <translation>与 {server} 是同一个文件夹（共享文件系统）：一份副本两者共用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The upload through {server} failed: {error}</source>
        <translation>经由 {server} 的上传失败：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create the folder {path} on the server: {error}</source>
        <translation>无法在服务器上创建文件夹 {path}：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create the folder {path} on the server.</source>
        <translation>无法在服务器上创建文件夹 {path}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file was already there and was skipped.</source>
        <translation>文件已存在，已跳过。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The upload stopped: the connection was lost.</source>
        <translation>上传已中止：连接已断开。</translation>
    </message>
</context>
<context>
    <name>MultiServerPage</name>
    <message>
        <location filename="../../ui/multi/page.py" line="+84"/>
        <source>Connect all</source>
        <translation>全部连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload file to all…</source>
        <translation>上传文件到所有服务器…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload folder to all…</source>
        <translation>上传文件夹到所有服务器…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel upload</source>
        <translation>取消上传</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a server to open its own tab (terminal, files, GPUs, login questions).</source>
        <translation>双击服务器可打开它自己的标签页（终端、文件、GPU、登录问答）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A command to run on every connected server, e.g. nvidia-smi -L</source>
        <translation>在每台已连接的服务器上运行的命令，例如 nvidia-smi -L</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the command on a server that takes longer than this</source>
        <translation>命令在某台服务器上超过此时间即停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run on all</source>
        <translation>在所有服务器上运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uploads</source>
        <translation>上传</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>(deleted session)</source>
        <translation>（已删除的会话）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 servers · %2 connected</source>
        <translation>%1 台服务器 · %2 台已连接</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Running on %1 servers…</source>
        <translation>正在 %1 台服务器上运行…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Finished: %1 of %2 servers succeeded.</source>
        <translation>完成：%2 台服务器中 %1 台成功。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Upload a folder to every server</source>
        <translation>上传文件夹到每台服务器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload a file to every server</source>
        <translation>上传文件到每台服务器</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+14"/>
        <source>Upload to all</source>
        <translation>上传到所有服务器</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Folder on each server (~ is the home folder; $HOSTNAME and other variables work):</source>
        <translation>每台服务器上的文件夹（~ 表示主目录；可使用 $HOSTNAME 等变量）：</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Upload finished: %1 of %2 servers have the copy.</source>
        <translation>上传完成：%2 台服务器中 %1 台已有副本。</translation>
    </message>
</context>
<context>
    <name>MultiUploads</name>
    <message>
        <location filename="../../ui/multi/uploads.py" line="+20"/>
        <source>Done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 · %3/s</source>
        <translation>%1 / %2 · %3/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connecting…</source>
        <translation>连接中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
</context>
<context>
    <name>NvidiaSmi</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+324"/>
        <source>nvidia-smi said: &quot;{line}&quot;. {meaning}</source>
        <translation>nvidia-smi 输出：“{line}”。{meaning}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed with exit code {code} and printed:
{output}</source>
        <translation>nvidia-smi 执行失败，退出码 {code}，输出：
{output}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi printed:
{output}</source>
        <translation>nvidia-smi 输出：
{output}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi was not found on the server (exit code {code}).</source>
        <translation>服务器上找不到 nvidia-smi（退出码 {code}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed with exit code {code} and printed nothing.</source>
        <translation>nvidia-smi 执行失败，退出码 {code}，没有任何输出。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The NVIDIA driver is not running, or this container was started without GPU access. Reboot the server or reinstall the driver; in Docker, start the container with --gpus all.</source>
        <translation>NVIDIA 驱动没有运行，或此容器启动时没有开启 GPU 访问。请重启服务器或重装驱动；在 Docker 中请用 --gpus all 启动容器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver was updated but the old kernel module is still loaded. Reboot the server (or reload the nvidia kernel modules) so both versions match.</source>
        <translation>驱动已更新，但仍加载着旧的内核模块。请重启服务器（或重新加载 nvidia 内核模块），使两者版本一致。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU stopped answering (it fell off the bus). Its jobs have failed; reboot the server, and ask the provider to replace the GPU if it happens again.</source>
        <translation>有一块 GPU 停止响应（从总线上掉线）。它上面的作业已失败；请重启服务器，如果再次发生，请让服务商更换这块 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The driver runs but sees no GPU. The instance may have no GPU attached, or the GPU is hidden from this container (CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES).</source>
        <translation>驱动在运行，但看不到任何 GPU。实例可能没有挂载 GPU，或 GPU 对此容器不可见（CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This user may not read the GPUs. Ask the administrator to add it to the video group.</source>
        <translation>此用户无权读取 GPU。请让管理员把它加入 video 组。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi is not installed on this server: it has no NVIDIA driver, or the driver&apos;s tools are not on the PATH. Install the NVIDIA driver, or pick a GPU image.</source>
        <translation>此服务器上没有安装 nvidia-smi：没有 NVIDIA 驱动，或驱动的工具不在 PATH 中。请安装 NVIDIA 驱动，或选用 GPU 镜像。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi cannot load the driver&apos;s NVML library: the NVIDIA driver is missing or only half installed. Reinstall the NVIDIA driver, then reboot the server.</source>
        <translation>nvidia-smi 无法加载驱动的 NVML 库：NVIDIA 驱动缺失或只装了一半。请重装 NVIDIA 驱动，然后重启服务器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi is on the server but cannot be started (no permission, or a damaged file). Reinstall the NVIDIA driver.</source>
        <translation>服务器上有 nvidia-smi，但无法启动（没有权限，或文件已损坏）。请重装 NVIDIA 驱动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi failed (exit code {code}). Run nvidia-smi in a terminal on the server to see more.</source>
        <translation>nvidia-smi 执行失败（退出码 {code}）。请在服务器的终端中运行 nvidia-smi 查看详情。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvidia-smi printed something unexpected.</source>
        <translation>nvidia-smi 输出了意料之外的内容。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU sampling stopped: {error}</source>
        <translation>GPU 采样已停止：{error}</translation>
    </message>
</context>
<context>
    <name>Offers</name>
    <message>
        <location line="-675"/>
        <source>live {time} UTC</source>
        <translation>实时 {time} UTC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>before {date}</source>
        <translation>{date} 之前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} dated {date}</source>
        <translation>{count} 条日期为 {date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} dated {first} to {last}</source>
        <translation>{count} 条日期为 {first} 至 {last}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} from undated snapshots: {label}</source>
        <translation>{count} 条来自未注明日期的快照：{label}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} {label} ({providers})</source>
        <translation>{count} 条{label}（{providers}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No prices.</source>
        <translation>没有价格。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price dates (Observed column): {parts}.</source>
        <translation>价格日期（“观测时间”列）：{parts}。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Fetched from the provider&apos;s API at {time}.</source>
        <translation>于 {time} 从服务商 API 获取。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>price suspect</source>
        <translation>价格存疑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU only (VM billed on top)</source>
        <translation>仅 GPU（虚拟机另计费）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retired</source>
        <translation>已下架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>price out of date</source>
        <translation>价格已过期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spot (interruptible)</source>
        <translation>竞价（可被中断）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on-demand</source>
        <translation>按需</translation>
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
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VRAM (GB)</source>
        <translation>显存（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price/h</source>
        <translation>价格/小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price per TFLOP-hour</source>
        <translation>每 TFLOP·小时价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Observed</source>
        <translation>观测时间</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Hourly price divided by the dense FP16/BF16 tensor TFLOPS of the whole instance (FP32 where no tensor figure is sourced)</source>
        <translation>每小时价格除以整个实例的稠密 FP16/BF16 Tensor TFLOPS（没有 Tensor 数据来源时用 FP32）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Source: %1
Instance: %2
%3</source>
        <translation>来源：%1
实例：%2
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
        <translation>终端 (ssh)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+98"/>
        <location line="+25"/>
        <source>Open in…</source>
        <translation>在…中打开</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>%1 (not installed)</source>
        <translation>%1(未安装)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No editor or terminal was found: install VS Code, Cursor or Windsurf</source>
        <translation>找不到编辑器或终端:请安装 VS Code、Cursor 或 Windsurf</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 finds servers through ~/.ssh/config. gpudesk keeps its sessions in its own file and will add this one line at the top of %2:

%3

Nothing else in that file changes. You can take the line out again with: gpudesk sessions export-ssh-config --remove-include</source>
        <translation>%1 通过 ~/.ssh/config 查找服务器。gpudesk 把会话保存在自己的文件中,并会在 %2 的开头加入这一行:

%3

该文件的其他内容不会改变。之后可以用以下命令删除这一行:gpudesk sessions export-ssh-config --remove-include</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add gpudesk&apos;s hosts to ~/.ssh/config?</source>
        <translation>将 gpudesk 的主机加入 ~/.ssh/config?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This session&apos;s key is kept in gpudesk&apos;s password store. Add it to your SSH agent for one hour so %1 can log in? It goes to ssh-add through a pipe and is not written to disk.</source>
        <translation>此会话的密钥保存在 gpudesk 的密码库中。是否将它加入你的 SSH 代理一小时,以便 %1 登录?密钥通过管道交给 ssh-add,不会写入磁盘。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the key to the SSH agent?</source>
        <translation>将密钥加入 SSH 代理?</translation>
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
        <translation>[输出已截断：仅保留前 %1 MB]</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <location filename="../../ui/panels.py" line="+23"/>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forwards</source>
        <translation>端口转发</translation>
    </message>
</context>
<context>
    <name>PlanTable</name>
    <message>
        <location filename="../../ui/sync/table.py" line="+23"/>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Only there (kept)</source>
        <translation>仅在对方（保留）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changed</source>
        <translation>已修改</translation>
    </message>
</context>
<context>
    <name>Planner</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-65"/>
        <source>hours</source>
        <translation>小时数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hours per day</source>
        <translation>每天小时数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens</source>
        <translation>tokens 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vram gb</source>
        <translation>显存（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lora</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>qlora</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Unknown task &apos;{task}&apos;; choose one of: {tasks}.</source>
        <translation>未知的任务 &apos;{task}&apos;；请从以下选择：{tasks}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The number of GPUs must be between 1 and 64.</source>
        <translation>GPU 数量必须在 1 到 64 之间。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{field} must be a positive number, not {value}.</source>
        <translation>{field}必须是正数，而不是 {value}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There are only 24 hours in a day.</source>
        <translation>一天只有 24 小时。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4-bit weights cannot be trained directly: fine-tune with QLoRA instead (--task fine-tuning --precision int4).</source>
        <translation>4 位权重无法直接训练：请改用 QLoRA 微调（--task fine-tuning --precision int4）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU called &apos;{gpu}&apos; in the catalog. Known models: {known}.</source>
        <translation>目录中没有名为 &apos;{gpu}&apos; 的 GPU。已知型号：{known}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VRAM estimate: {estimate}; {assumptions}</source>
        <translation>显存估算：{estimate}；{assumptions}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog has {gpus} GPUs of that model; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</source>
        <translation>目录中没有该型号 {gpus} 块 GPU 的报价；常见规格为 1、2、4、8 块，更多则按整台 8 卡节点计（16、24 …）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog has {gpus} GPUs; common sizes are 1, 2, 4 and 8, and whole 8-GPU nodes beyond that (16, 24, …).</source>
        <translation>目录中没有 {gpus} 块 GPU 的报价；常见规格为 1、2、4、8 块，更多则按整台 8 卡节点计（16、24 …）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{gpus} GPUs means {nodes} nodes: they need RDMA (InfiniBand or RoCE) between them, or training waits on the network.</source>
        <translation>{gpus} 块 GPU 意味着 {nodes} 个节点：节点之间需要 RDMA（InfiniBand 或 RoCE），否则训练会卡在网络上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing in the catalog fits {need:.0f} GB on one node. Use several nodes connected with RDMA/InfiniBand (--gpus 16 or more), or cut memory: LoRA/QLoRA, 4-bit weights, a shorter sequence, gradient checkpointing.</source>
        <translation>目录中没有单个节点能容纳 {need:.0f} GB。请使用通过 RDMA/InfiniBand 互联的多个节点（--gpus 16 或更多），或降低显存占用：LoRA/QLoRA、4 位权重、更短的序列、梯度检查点。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No offer in the catalog matches; widen the GPU filter or the GPU count.</source>
        <translation>目录中没有匹配的报价；请放宽 GPU 型号或数量的筛选。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{vram:.0f} GB per GPU is less than the ≈{need:.0f} GB needed on {count} GPU(s)</source>
        <translation>每块 GPU {vram:.0f} GB，少于 {count} 块 GPU 时所需的约 {need:.0f} GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fits: {need} of {vram:.0f} GB per GPU</source>
        <translation>可容纳：{need}，每块 GPU 共 {vram:.0f} GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no BF16 support (use FP16)</source>
        <translation>不支持 BF16（请使用 FP16）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no {precision} tensor figure in the data</source>
        <translation>数据中没有 {precision} 张量算力数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak, scaled for multi-GPU)</source>
        <translation>约 {hours:.1f} 小时完成 {params} 模型 {tokens} tokens 的{method}训练，有效算力 {tflops:.0f} TFLOPS（{precision} 峰值的 {mfu:.0%}，已按多 GPU 折算）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{hours:.1f} h for {tokens} tokens of {params} {method} training at {tflops:.0f} TFLOPS effective ({mfu:.0%} of {precision} peak)</source>
        <translation>约 {hours:.1f} 小时完成 {params} 模型 {tokens} tokens 的{method}训练，有效算力 {tflops:.0f} TFLOPS（{precision} 峰值的 {mfu:.0%}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tokens} tokens in {hours:g} h at {tflops:.0f} TFLOPS effective</source>
        <translation>{hours:g} 小时内约 {tokens} tokens，有效算力 {tflops:.0f} TFLOPS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink {speed:.0f} GB/s between GPUs: A100/H100-class GPUs with NVLink are the choice for multi-GPU training</source>
        <translation>GPU 之间 NVLink {speed:.0f} GB/s：带 NVLink 的 A100/H100 级 GPU 是多卡训练的首选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No NVLink: gradients cross PCIe, so multi-GPU training scales worse (counted as 75% efficiency)</source>
        <translation>无 NVLink：梯度经 PCIe 传输，多卡训练扩展性较差（按 75% 效率计算）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One GPU: no gradient exchange between GPUs</source>
        <translation>单块 GPU：无需在 GPU 之间交换梯度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{nodes} nodes × {per_node} GPUs: multi-node training needs RDMA (InfiniBand/RoCE, e.g. EFA on AWS); check the instance has it</source>
        <translation>{nodes} 个节点 × {per_node} 块 GPU：多节点训练需要 RDMA（InfiniBand/RoCE，例如 AWS 的 EFA）；请确认实例支持</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth per GPU)</source>
        <translation>单路约 {tps:.0f} tokens/s（每块 GPU 显存带宽 {bandwidth:.0f} GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≈{tps:.0f} tokens/s per stream ({bandwidth:.0f} GB/s memory bandwidth)</source>
        <translation>单路约 {tps:.0f} tokens/s（显存带宽 {bandwidth:.0f} GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split over {count} GPUs (tensor parallel) with NVLink</source>
        <translation>拆分到 {count} 块 GPU 上（张量并行），通过 NVLink 互联</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split over {count} GPUs (tensor parallel) over PCIe</source>
        <translation>拆分到 {count} 块 GPU 上（张量并行），通过 PCIe 互联</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no NVENC video encoder</source>
        <translation>没有 NVENC 视频编码器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVENC count not in the data</source>
        <translation>数据中没有 NVENC 数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{engines} NVENC engines for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</source>
        <translation>{engines} 个 NVENC 引擎，支持 {codecs} 硬件编码；{tflops:.1f} TFLOPS FP32 用于 3D 渲染</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{engines} NVENC engine for hardware {codecs} encoding; {tflops:.1f} TFLOPS FP32 for 3D rendering</source>
        <translation>{engines} 个 NVENC 引擎，支持 {codecs} 硬件编码；{tflops:.1f} TFLOPS FP32 用于 3D 渲染</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RTX 4090 with NVENC: the value pick for rendering and video transcoding</source>
        <translation>带 NVENC 的 RTX 4090：渲染和视频转码的高性价比之选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 rate not in the data</source>
        <translation>数据中没有 FP64 算力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only {tflops:g} TFLOPS FP64</source>
        <translation>FP64 仅 {tflops:g} TFLOPS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>only {vcpus} vCPUs for {gpus} GPU(s)</source>
        <translation>{gpus} 块 GPU 仅配 {vcpus} 个 vCPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{vcpus} vCPUs</source>
        <translation>{vcpus} 个 vCPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vCPU count not listed: check it before renting</source>
        <translation>未列出 vCPU 数量：租用前请确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V100 with CPU cores ({cpus}): FP64 {tflops:g} TFLOPS at a low price, the classic pick for GROMACS/OpenFOAM</source>
        <translation>V100 搭配 CPU 核心（{cpus}）：FP64 {tflops:g} TFLOPS 且价格低，是 GROMACS/OpenFOAM 的经典之选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FP64 {tflops:g} TFLOPS for double-precision solvers; {cpus} for the CPU side of GROMACS/OpenFOAM</source>
        <translation>FP64 {tflops:g} TFLOPS 用于双精度求解器；{cpus} 用于 GROMACS/OpenFOAM 的 CPU 部分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing: {mode} is cheapest for {hours:.0f} h ({total}); spot would cost {spot} (−{saving:.0%}) but can be interrupted</source>
        <translation>计费：使用 {hours:.0f} 小时时{mode}最便宜（{total}）；竞价只需 {spot}（−{saving:.0%}），但可能被中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing: {mode} is cheapest for {hours:.0f} h ({total})</source>
        <translation>计费：使用 {hours:.0f} 小时时{mode}最便宜（{total}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price: {provider}, {region}, {instance}, {date}</source>
        <translation>价格：{provider}，{region}，{instance}，{date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price: {provider}, {instance}, {date}</source>
        <translation>价格：{provider}，{instance}，{date}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (range {low:g}–{high:g} {currency}; low end used)</source>
        <translation>（价格区间 {low:g}–{high:g} {currency}，按低价计）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (converted from {currency})</source>
        <translation>（由 {currency} 换算）</translation>
    </message>
</context>
<context>
    <name>PlannerPanel</name>
    <message>
        <location filename="../../ui/catalog/planner_panel.py" line="+16"/>
        <source>AI training (full fine-tune)</source>
        <translation>AI 训练（全量微调）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fine-tuning (LoRA / QLoRA)</source>
        <translation>微调（LoRA / QLoRA）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inference (serving a model)</source>
        <translation>推理（模型服务）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rendering / video transcoding</source>
        <translation>渲染 / 视频转码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scientific simulation (GROMACS, OpenFOAM)</source>
        <translation>科学仿真（GROMACS、OpenFOAM）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not sure? Leave the size empty: the planner assumes a full fine-tune of a 7B model in BF16 on 1B tokens. The model size is in its name (Llama-3-8B → 8B).</source>
        <translation>不确定？模型规模留空即可：规划器按 7B 模型、BF16、1B tokens 全量微调估算。模型规模就在名称里（Llama-3-8B → 8B）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not sure? LoRA in BF16 on 100M tokens is assumed; choose 4-bit for QLoRA, which needs about a third of the memory.</source>
        <translation>不确定？默认按 LoRA、BF16、100M tokens 估算；选择 4 位即为 QLoRA，显存约为三分之一。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not sure? A 7B model in BF16 is assumed. 4-bit quantised weights (GPTQ/AWQ/GGUF Q4) need about a quarter of BF16.</source>
        <translation>不确定？默认按 7B 模型、BF16 估算。4 位量化权重（GPTQ/AWQ/GGUF Q4）约需 BF16 的四分之一。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPUs with NVENC encoders only (A100/H100 have none); ranked by price per FP32 TFLOP-hour.</source>
        <translation>仅限带 NVENC 编码器的 GPU（A100/H100 没有）；按每 FP32 TFLOP·小时价格排序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-precision (FP64) GPUs with enough CPU cores beside them, for GROMACS, OpenFOAM and similar codes.</source>
        <translation>双精度（FP64）GPU，并配有足够的 CPU 核心，适用于 GROMACS、OpenFOAM 等程序。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>4-bit</source>
        <translation>4 位</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price/h</source>
        <translation>价格/小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Billing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Est. total</source>
        <translation>预计总额</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Planner</source>
        <translation>规划器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>e.g. 7B (empty: not sure)</source>
        <translation>例如 7B（留空：不确定）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>estimate it</source>
        <translation>帮我估算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>or VRAM needed</source>
        <translation>或所需显存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>default for the method</source>
        <translation>按方法默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training tokens</source>
        <translation>训练 tokens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any model</source>
        <translation>任意型号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hours per day</source>
        <translation>每天小时数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow spot (interruptible) prices</source>
        <translation>允许竞价（可被中断）价格</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>I don&apos;t know: help me choose…</source>
        <translation>我不清楚：帮我选择…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Recommended configurations</source>
        <translation>推荐配置</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Why this configuration</source>
        <translation>推荐此配置的理由</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>&apos;%1&apos; is not a token count; write it like 100M or 1B.</source>
        <translation>&apos;%1&apos; 不是有效的 token 数；请写成 100M 或 1B 这样的形式。</translation>
    </message>
</context>
<context>
    <name>PreviewTable</name>
    <message>
        <location filename="../../ui/importer/preview.py" line="-144"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log in with</source>
        <translation>登录方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jump host</source>
        <translation>跳板机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stored key</source>
        <translation>已保存的密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agent / Pageant</source>
        <translation>Agent / Pageant</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password: asked on the first connect, then kept in the system keyring</source>
        <translation>密码：首次连接时询问，之后保存在系统密钥环中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys from the SSH agent (Pageant on Windows)</source>
        <translation>使用 SSH agent 中的密钥（Windows 上为 Pageant）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create</source>
        <translation>新建</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Already saved as &apos;%1&apos; (same host, port and user).</source>
        <translation>已保存为 &apos;%1&apos;（主机、端口和用户相同）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Same server as &apos;%1&apos; above (same host, port and user).</source>
        <translation>与上方的 &apos;%1&apos; 是同一台服务器（主机、端口和用户相同）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (+%2 more)</source>
        <translation>%1（另有 %2 个）</translation>
    </message>
</context>
<context>
    <name>PriceScatter</name>
    <message>
        <location filename="../../ui/catalog/charts.py" line="-166"/>
        <source>Price vs performance</source>
        <translation>价格与性能</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>price per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FP16/BF16 TFLOPS (dense, whole instance)</source>
        <translation>FP16/BF16 TFLOPS（稠密，整个实例）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>price per hour (%1)</source>
        <translation>每小时价格（%1）</translation>
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
        <translation>用户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU memory</source>
        <translation>显存</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-64"/>
        <source>{provider} sent instance types gpudesk does not understand (expected {shape}).</source>
        <translation>{provider} 返回的实例类型 gpudesk 无法识别（应为 {shape}）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{provider} sent offers gpudesk does not understand (expected {shape}).</source>
        <translation>{provider} 返回的报价 gpudesk 无法识别（应为 {shape}）。</translation>
    </message>
    <message>
        <location line="+295"/>
        <source>The provider account &apos;{name}&apos; no longer exists.</source>
        <translation>服务商账户“{name}”已不存在。</translation>
    </message>
    <message>
        <location line="-297"/>
        <source>RunPod sent GPU types gpudesk does not understand (expected {shape}).</source>
        <translation>RunPod 返回的 GPU 类型 gpudesk 无法识别（应为 {shape}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai limited the price searches ({error}): the list is partial, with the prices of {done} only; the other GPUs keep their earlier prices. Refresh again in a minute.</source>
        <translation>Vast.ai 限制了价格查询（{error}）：列表不完整，只有 {done} 的价格；其他 GPU 保留之前的价格。请一分钟后再刷新。</translation>
    </message>
    <message>
        <location line="+297"/>
        <source>Unknown provider kind &apos;{kind}&apos;.</source>
        <translation>未知的服务商类型 &apos;{kind}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the account a name.</source>
        <translation>请为账户起一个名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unknown provider kind &apos;{kind}&apos; for account &apos;{name}&apos;.</source>
        <translation>账户 &apos;{name}&apos; 的服务商类型 &apos;{kind}&apos; 未知。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No API token is stored for &apos;{name}&apos;. Add it in Providers (it goes to the keyring).</source>
        <translation>没有为 &apos;{name}&apos; 保存 API 令牌。请在“服务商”页面添加（令牌保存在密钥环中）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL sent an answer gpudesk does not understand (no instance list).</source>
        <translation>AutoDL 返回的应答 gpudesk 无法识别（缺少实例列表）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL: no details for instance &apos;{id}&apos;.</source>
        <translation>AutoDL：没有实例 &apos;{id}&apos; 的详细信息。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL: instance &apos;{id}&apos; did not power off within {seconds:g} s (it is &apos;{status}&apos;), so it was not released. Try again in a moment, or release it in the AutoDL console.</source>
        <translation>AutoDL：实例 &apos;{id}&apos; 未在 {seconds:g} 秒内关机（当前状态为 &apos;{status}&apos;），因此没有释放。请稍后重试，或在 AutoDL 控制台中释放。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AutoDL sent a balance gpudesk does not understand (no &apos;assets&apos;).</source>
        <translation>AutoDL 返回的余额 gpudesk 无法识别（缺少 &apos;assets&apos;）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>AutoDL sent an answer gpudesk does not understand (no &apos;code&apos;).</source>
        <translation>AutoDL 返回的应答 gpudesk 无法识别（缺少 &apos;code&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} has no API to list instances.</source>
        <translation>{provider} 没有列出实例的 API。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider}: no instance &apos;{id}&apos;.</source>
        <translation>{provider}：没有实例 &apos;{id}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot start instances through its API.</source>
        <translation>{provider} 无法通过 API 开机。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot stop instances through its API.</source>
        <translation>{provider} 无法通过 API 关机。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} cannot terminate instances through its API.</source>
        <translation>{provider} 无法通过 API 释放实例。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{provider} cannot delete this storage through its API.</source>
        <translation>{provider} 无法通过 API 删除此存储。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{provider} cannot rent servers through its API.</source>
        <translation>{provider} 不支持通过 API 租用服务器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: the list URL did not answer a list of instances.</source>
        <translation>{name}：列表 URL 返回的不是实例列表。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no status URL is configured.</source>
        <translation>{name}：未配置状态 URL。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no {action} URL is configured.</source>
        <translation>{name}：未配置 {action} URL。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} did not answer within {seconds:g} s. Try again later.</source>
        <translation>{provider} 在 {seconds:g} 秒内没有响应。请稍后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach {provider} at {url}. Check the network or the API address.</source>
        <translation>无法连接 {url} 上的 {provider}。请检查网络或 API 地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): {message}. Check the token in Providers → account.</source>
        <translation>{provider}（{status}）：{message}。请在“服务商 → 账户”中检查令牌。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the API token was refused</source>
        <translation>API 令牌被拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): this API version is no longer served by {provider}. Update gpudesk to a version that speaks its current API. ({message})</source>
        <translation>{provider}（{status}）：{provider} 已不再提供此版本的 API。请将 gpudesk 更新到支持其当前 API 的版本。（{message}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): {message}</source>
        <translation>{provider}（{status}）：{message}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not possible in the instance&apos;s current state</source>
        <translation>实例在当前状态下无法执行此操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): too many requests: {message}. Wait a moment and try again.</source>
        <translation>{provider}（{status}）：请求过多：{message}。请稍等片刻再试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): too many requests. Wait a moment and try again.</source>
        <translation>{provider}（{status}）：请求过多。请稍等片刻再试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): server error: {message}. Try again later.</source>
        <translation>{provider}（{status}）：服务器错误：{message}。请稍后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} ({status}): server error. Try again later.</source>
        <translation>{provider}（{status}）：服务器错误。请稍后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>request refused</source>
        <translation>请求被拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it has not finished launching yet</source>
        <translation>实例尚未启动完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is too old for this operation</source>
        <translation>实例太旧，不支持此操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is already terminating</source>
        <translation>实例已在释放中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no stop: an instance bills until it is terminated. Terminate it to end billing.</source>
        <translation>Lambda Cloud 不支持关机：实例在释放前会一直计费。释放实例才能停止计费。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot start a terminated instance; launch a new one in its console.</source>
        <translation>Lambda Cloud 无法启动已释放的实例；请在其控制台新建一个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud gave no reason</source>
        <translation>Lambda Cloud 未给出原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason} ({detail}). Try again in a few minutes.</source>
        <translation>Lambda Cloud 现在无法释放实例 &apos;{id}&apos;：{reason}（{detail}）。请几分钟后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot terminate instance &apos;{id}&apos; now: {reason}. Try again in a few minutes.</source>
        <translation>Lambda Cloud 现在无法释放实例 &apos;{id}&apos;：{reason}。请几分钟后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no spot market: rent on demand.</source>
        <translation>Lambda Cloud 没有竞价市场：请按需租用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU or instance type to rent on Lambda Cloud (e.g. H100).</source>
        <translation>请指定要在 Lambda Cloud 上租用的 GPU 或实例类型（例如 H100）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no region has capacity for it now</source>
        <translation>目前没有任何地区有可用容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no capacity{where} now</source>
        <translation>目前没有可用容量{where}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud cannot rent {what}: {reason}.</source>
        <translation>Lambda Cloud 无法租用 {what}：{reason}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud lists no instance type with {count}× {what}.</source>
        <translation>Lambda Cloud 没有配备 {count}× {what} 的实例类型。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no {type} free in {region} now: {reason}</source>
        <translation>Lambda Cloud 目前在 {region} 没有空闲的 {type}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud accepted the launch but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>Lambda Cloud 已接受启动请求，但返回了 gpudesk 无法识别的应答：可能已租用了一个实例。重试前请先运行 &apos;gpudesk instances list&apos; 检查。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud did not confirm deleting filesystem &apos;{name}&apos;. Check its console.</source>
        <translation>Lambda Cloud 没有确认已删除文件系统 &apos;{name}&apos;。请在其控制台中检查。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lambda Cloud cannot delete filesystem &apos;{name}&apos; while it is mounted on an instance. Terminate the instances that use it first.</source>
        <translation>文件系统 &apos;{name}&apos; 挂载在实例上时，Lambda Cloud 无法删除它。请先释放使用它的实例。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud sent an answer gpudesk does not understand (no &apos;data&apos;).</source>
        <translation>Lambda Cloud 返回的应答 gpudesk 无法识别（缺少 &apos;data&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud boots machine images, not Docker images: &apos;{image}&apos; cannot be used. Leave the image empty for Lambda Stack (PyTorch, CUDA), or give a Lambda image family such as lambda-stack-22-04 or an image id; run the container with docker on the server once it is up.</source>
        <translation>Lambda Cloud 启动的是机器镜像，不是 Docker 镜像：无法使用“{image}”。镜像留空即使用 Lambda Stack（PyTorch、CUDA），或填写 Lambda 镜像系列（如 lambda-stack-22-04）或镜像 ID；服务器启动后再用 docker 运行容器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No public key to log in with: gpudesk needs one to rent a server.</source>
        <translation>没有用于登录的公钥：gpudesk 租用服务器时需要一个公钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{error} The server may have been rented anyway: check &apos;gpudesk instances list&apos; (or the provider&apos;s console) before trying again.</source>
        <translation>{error} 服务器可能仍已被租用：重试前请先运行 &apos;gpudesk instances list&apos;（或查看服务商控制台）检查。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped waiting for instance {id}. It is rented and may be billing.</source>
        <translation>已停止等待实例 {id}。该实例已租用，可能正在计费。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{provider} no longer knows instance {id}: it ended while starting.</source>
        <translation>{provider} 已找不到实例 {id}：它在启动过程中已结束。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} is {status} at {provider} before it became usable (a spot instance can be taken back). Nothing of it is usable.</source>
        <translation>实例 {id} 在可用之前已在 {provider} 处变为 {status}（竞价实例可能被收回）。该实例无法使用。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>gpudesk cannot rent from {provider} through its API yet.</source>
        <translation>gpudesk 暂不支持通过 API 从 {provider} 租用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance {id} has no SSH address yet: no session can be made.</source>
        <translation>实例 {id} 尚无 SSH 地址：无法创建会话。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The GPU count must be between 1 and 64, not {count}.</source>
        <translation>GPU 数量必须在 1 到 64 之间，而不是 {count}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The disk size must be between 1 and 100000 GB, not {disk}.</source>
        <translation>磁盘大小必须在 1 到 100000 GB 之间，而不是 {disk}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bid goes with a spot rental and must be above 0 USD per hour.</source>
        <translation>出价仅用于竞价租用，且必须高于每小时 0 USD。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The rental details hold a line break or another control character.</source>
        <translation>租用参数中包含换行符或其他控制字符。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The demo provider lists no GPU to rent.</source>
        <translation>演示服务商没有可租用的 GPU。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RunPod sent an answer gpudesk does not understand (expected a list of pods).</source>
        <translation>RunPod 返回的应答 gpudesk 无法识别（应为 pod 列表）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod sent an answer gpudesk does not understand (expected a pod).</source>
        <translation>RunPod 返回的应答 gpudesk 无法识别（应为单个 pod）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod started the pod without any GPU: the GPUs of its host are taken. Your files are there, but nothing runs on a GPU. Stop it and try later, or copy the data off.</source>
        <translation>RunPod 启动了 pod，但没有分配任何 GPU：其主机上的 GPU 已被占用。你的文件都还在，但无法在 GPU 上运行任何程序。请将其关机稍后再试，或把数据复制出来。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod refused to {action} the pod in its current state ({detail}). Refresh to see its state.</source>
        <translation>RunPod 拒绝在 pod 当前状态下执行 {action}（{detail}）。请刷新查看其状态。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod could not start the pod: there are not enough free GPUs on its host right now. Try again later; the volume disk (/workspace) is kept meanwhile.</source>
        <translation>RunPod 无法启动 pod：其主机上目前没有足够的空闲 GPU。请稍后重试；在此期间数据卷（/workspace）会保留。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU to rent on RunPod (a GPU type such as RTX 4090).</source>
        <translation>请指定要在 RunPod 上租用的 GPU（例如 RTX 4090 这样的 GPU 类型）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod lists no GPU type &apos;{gpu}&apos; for {count} GPUs. See its GPU types (e.g. RTX 4090, H100 SXM).</source>
        <translation>RunPod 没有适用于 {count} 块 GPU 的 GPU 类型 &apos;{gpu}&apos;。请查看其 GPU 类型列表（例如 RTX 4090、H100 SXM）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no machine could be placed</source>
        <translation>无法分配到机器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod could not place {count}× {gpu} now: {reason}</source>
        <translation>RunPod 目前无法分配 {count}× {gpu}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod refused: the account&apos;s balance is too low to rent this ({reason}). Add credit and try again.</source>
        <translation>RunPod 拒绝了请求：账户余额不足，无法租用（{reason}）。请充值后重试。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RunPod&apos;s current API (v2) cannot rent interruptible (spot) pods. Rent on demand, or use RunPod&apos;s console for spot.</source>
        <translation>RunPod 当前的 API（v2）无法租用竞价（可被中断）pod。请按需租用，或在 RunPod 控制台中租用竞价实例。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RunPod accepted the request but sent an answer gpudesk does not understand: a pod may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>RunPod 已接受请求，但返回了 gpudesk 无法识别的应答：可能已租用了一个 pod。重试前请先运行 &apos;gpudesk instances list&apos; 检查。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vast.ai sent an answer gpudesk does not understand (no account details).</source>
        <translation>Vast.ai 返回的应答 gpudesk 无法识别（缺少账户信息）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai sent a credit balance gpudesk does not understand.</source>
        <translation>Vast.ai 返回的余额 gpudesk 无法识别。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai sent offers gpudesk does not understand (no offer list).</source>
        <translation>Vast.ai 返回的报价 gpudesk 无法识别（缺少报价列表）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{id}&apos; is not a Vast.ai offer id (a number).</source>
        <translation>&apos;{id}&apos; 不是有效的 Vast.ai 报价 ID（应为数字）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which GPU (e.g. RTX 4090) or offer to rent on Vast.ai.</source>
        <translation>请指定要在 Vast.ai 上租用的 GPU（例如 RTX 4090）或报价。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai offer {id} is no longer available: someone else rented it or the host withdrew it.</source>
        <translation>Vast.ai 报价 {id} 已不可用：已被他人租用，或主机已将其撤下。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai has no rentable offer of {count}× {gpu} now.</source>
        <translation>Vast.ai 目前没有可租用的 {count}× {gpu} 报价。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Renting on Vast.ai needs an offer id; get one from &apos;gpudesk instances launch --gpu&apos;.</source>
        <translation>在 Vast.ai 上租用需要报价 ID；可通过 &apos;gpudesk instances launch --gpu&apos; 获取。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai accepted the rental but sent an answer gpudesk does not understand: an instance may have been rented. Check &apos;gpudesk instances list&apos; before trying again.</source>
        <translation>Vast.ai 已接受租用请求，但返回了 gpudesk 无法识别的应答：可能已租用了一个实例。重试前请先运行 &apos;gpudesk instances list&apos; 检查。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Vast.ai sent an answer gpudesk does not understand (no instance list).</source>
        <translation>Vast.ai 返回的应答 gpudesk 无法识别（缺少实例列表）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai offer {id} is no longer available ({reason}): someone else rented it or the host withdrew it.</source>
        <translation>Vast.ai 报价 {id} 已不可用（{reason}）：已被他人租用，或主机已将其撤下。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vast.ai created instance {id} but did not start it ({reason}): the bid of {bid} USD/h is below what the host asks now. The instance exists, stopped, and bills for its disk until you destroy it.</source>
        <translation>Vast.ai 创建了实例 {id}，但没有启动它（{reason}）：{bid} USD/小时的出价低于主机当前的要价。该实例已存在、处于停止状态，在你销毁它之前会一直按磁盘计费。</translation>
    </message>
</context>
<context>
    <name>ProviderNote</name>
    <message>
        <location line="-116"/>
        <source>Power off ends the GPU time. An instance left powered off for 15 days in a row is released by AutoDL, and all data on it is deleted (only /root/autodl-fs survives); AutoDL&apos;s developer API does not document what a powered-off instance still costs: check its console.</source>
        <translation>关机即停止 GPU 计时。连续关机 15 天的实例会被 AutoDL 释放，其上所有数据都会被删除（只有 /root/autodl-fs 保留）；AutoDL 开发者 API 未说明关机实例还会产生哪些费用：请在其控制台确认。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release deletes the instance and its data. A running instance is powered off first, then released.</source>
        <translation>释放会删除实例及其数据。运行中的实例会先关机，再释放。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What a stopped instance still costs depends on your provider; check its pricing page.</source>
        <translation>关机后的实例还会产生哪些费用取决于服务商；请查看其价格页面。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminating deletes the instance and its disk; billing for it ends.</source>
        <translation>释放会删除实例及其磁盘，并停止对它计费。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deleting it erases every file on it for good, and its billing ends.</source>
        <translation>删除后，其上所有文件将被永久清除，其计费也随之停止。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Deleting filesystem &apos;{name}&apos; erases every file on it for good, and its billing ends. It must not be mounted on any instance.</source>
        <translation>删除文件系统 &apos;{name}&apos; 会永久清除其上的所有文件，并停止其计费。删除前它不能挂载在任何实例上。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lambda Cloud has no stop. The instance keeps billing by the minute until you terminate it; terminating deletes it with its local disk (persistent filesystems remain and keep billing).</source>
        <translation>Lambda Cloud 不支持关机。实例在你释放之前会一直按分钟计费；释放会删除实例及其本地磁盘（持久文件系统会保留并继续计费）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate deletes the instance and everything on its local disk, and ends its billing. Attached persistent filesystems remain and keep billing per GB.</source>
        <translation>释放会删除实例及其本地磁盘上的所有内容，并停止计费。挂载的持久文件系统会保留，并继续按 GB 计费。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>gpudesk cannot stop this server: there is no provider API. Stop or release it in your provider&apos;s console; until then it keeps billing.</source>
        <translation>gpudesk 无法关闭此服务器：没有服务商 API。请在服务商控制台中关机或释放；在此之前它会一直计费。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The volume disk belongs to the stopped pod &apos;{name}&apos;: deleting it terminates the pod, and every file in /workspace is lost for good.</source>
        <translation>该数据卷属于已关机的 pod &apos;{name}&apos;：删除它会释放该 pod，/workspace 中的所有文件都将永久丢失。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleting the network volume &apos;{name}&apos; erases every file on it for good; pods that mount it lose it.</source>
        <translation>删除网络存储卷 &apos;{name}&apos; 会永久清除其上的所有文件；挂载它的 pod 将无法再使用它。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop releases the GPU and ends compute billing. The volume disk (/workspace) is kept and still bills while stopped (about $0.20 per GB per month); the container disk is erased.</source>
        <translation>关机会释放 GPU 并停止计算计费。数据卷（/workspace）会保留，关机期间仍会计费（约每 GB 每月 $0.20）；容器盘会被清空。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate deletes the pod and its volume disk and ends their billing. A network volume survives and keeps billing.</source>
        <translation>释放会删除 pod 及其数据卷，并停止它们的计费。网络存储卷会保留并继续计费。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deleting this disk destroys Vast.ai instance {id}: everything on it is lost for good, and all its billing ends.</source>
        <translation>删除此磁盘会销毁 Vast.ai 实例 {id}：其上所有内容将永久丢失，其所有计费也随之停止。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The price includes the {disk} GB disk ({rate} USD/h at {per_gb} USD per GB-month), which keeps billing while the instance is stopped.</source>
        <translation>价格已含 {disk} GB 磁盘（{rate} USD/小时，按每 GB 每月 {per_gb} USD 计）；实例停止后磁盘仍继续计费。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptible: Vast.ai stops the instance when someone bids more or rents it on demand; its disk is kept (and billed) until it runs again.</source>
        <translation>可中断：当有人出价更高或按需租用时，Vast.ai 会将实例关机；其磁盘会保留（并继续计费），直到实例再次运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop ends the GPU charges. The instance&apos;s disk is kept and keeps billing for storage until you destroy it; restarting may wait until the GPUs are free again.</source>
        <translation>关机会停止 GPU 计费。实例的磁盘会保留，并在你销毁实例前继续收取存储费用；重新开机可能需要等到 GPU 再次空闲。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destroy deletes the instance with all its data and ends all billing for it.</source>
        <translation>销毁会删除实例及其所有数据，并停止与之相关的全部计费。</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <location filename="../../ui/providers/page.py" line="+27"/>
        <location line="+20"/>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Add account…</source>
        <translation>添加账户…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+6"/>
        <source>Accounts</source>
        <extracomment>warn when the credit left lasts less than this many hours at the account&apos;s current rate</extracomment>
        <translation>账户</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopping</source>
        <translation>关机中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped</source>
        <translation>已关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminating</source>
        <translation>释放中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminated</source>
        <translation>已释放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per month</source>
        <translation>每月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Belongs to</source>
        <translation>所属实例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>volume disk of a stopped pod</source>
        <translation>已关机 pod 的数据卷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network volume</source>
        <translation>网络存储卷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk of a stopped instance</source>
        <translation>已关机实例的磁盘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>persistent filesystem</source>
        <translation>持久文件系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>data disk</source>
        <translation>数据盘</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start</source>
        <translation>开机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate</source>
        <translation>释放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create session</source>
        <translation>创建会话</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+293"/>
        <source>Storage that keeps billing without a GPU</source>
        <translation>不用 GPU 也在计费的存储</translation>
    </message>
    <message>
        <location line="-289"/>
        <source>Storage that keeps billing</source>
        <translation>持续计费的存储</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete storage…</source>
        <translation>删除存储…</translation>
    </message>
    <message>
        <location line="+48"/>
        <source> (this run)</source>
        <translation>（本次运行）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No provider accounts yet. Add one with its API token to list and control your instances.</source>
        <translation>还没有服务商账户。添加账户及其 API 令牌后，即可列出和控制你的实例。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Remove account</source>
        <translation>删除账户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the account &apos;%1&apos; and its token from the keyring? Instances are not touched.</source>
        <translation>从密钥环中删除账户 &apos;%1&apos; 及其令牌？实例不受影响。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Asking %1 account(s)…</source>
        <translation>正在查询 %1 个账户…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>storage not listed: %1</source>
        <translation>未能列出存储：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 instance(s).</source>
        <translation>%1 个实例。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>no SSH address yet (starting)</source>
        <translation>暂无 SSH 地址（启动中）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>rate not published</source>
        <translation>未公布价格</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 running</source>
        <translation>运行中 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 stopped</source>
        <translation>已关机 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 storage item(s) still billing</source>
        <translation>%1 项存储仍在计费</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>billing now: compute %1 + storage %2 = %3</source>
        <translation>当前计费：计算 %1 + 存储 %2 = %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing is billing</source>
        <translation>没有计费项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>credit %1</source>
        <translation>余额 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>credit %1 — low: add funds, or the provider stops (and may delete) your instances</source>
        <translation>余额 %1 — 余额不足：请充值，否则服务商会将你的实例关机（并可能删除）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>This provider has no stop.</source>
        <translation>此服务商不支持关机。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>What stop keeps billing: %1</source>
        <translation>关机后仍会计费的部分：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No storage of yours is billing without a GPU.</source>
        <translation>你没有不用 GPU 仍在计费的存储。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Start %1?</source>
        <translation>开机 %1？</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop %1?</source>
        <translation>关机 %1？</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Terminate %1?</source>
        <translation>释放 %1？</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Starting %1…</source>
        <translation>正在开机 %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stopping %1…</source>
        <translation>正在关机 %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Terminating %1…</source>
        <translation>正在释放 %1…</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Delete %1?</source>
        <translation>删除 %1？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete for good</source>
        <translation>永久删除</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Deleting %1…</source>
        <translation>正在删除 %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This instance has no SSH address yet: it is %1. Refresh in a minute.</source>
        <translation>此实例还没有 SSH 地址：当前状态为 %1。请过一分钟再刷新。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This instance has no SSH address (is it running?).</source>
        <translation>此实例没有 SSH 地址（它在运行吗？）。</translation>
    </message>
</context>
<context>
    <name>QueueView</name>
    <message>
        <location filename="../../ui/files/queue_view.py" line="+41"/>
        <location line="+96"/>
        <source>No transfers yet — drag files between the two panes to copy them.</source>
        <translation>暂无传输 — 在两个窗格之间拖动文件即可复制。</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>续传</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear finished</source>
        <translation>清除已完成</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Transfer queue</source>
        <translation>传输队列</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETA</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>No active transfers</source>
        <translation>没有进行中的传输</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n transfer(s) · {0}% of {1}</source>
        <translation>
            <numerusform>%n 个传输 · {1} 已完成 {0}%</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuickConnect</name>
    <message>
        <location filename="../../ui/connect_prompt.py" line="+59"/>
        <location line="+35"/>
        <source>Logging in to %1…</source>
        <translation>正在登录 %1…</translation>
    </message>
</context>
<context>
    <name>RentDialog</name>
    <message>
        <location filename="../../ui/rent/dialog.py" line="+63"/>
        <source>Rent a GPU server</source>
        <extracomment>seconds to wait for SSH, and between provider polls (tests shorten them)</extracomment>
        <translation>租用 GPU 服务器</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add an account…</source>
        <translation>添加账户…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the provider&apos;s page</source>
        <translation>打开服务商页面</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate it so it does not bill</source>
        <translation>释放实例，避免继续计费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep it</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review the next best…</source>
        <translation>查看次优报价…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminate and rent the next best…</source>
        <translation>终止并改租下一个最合适的…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relaunch…</source>
        <translation>重新租用…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+165"/>
        <location line="+301"/>
        <source>Asking %1 for the price…</source>
        <translation>正在向 %1 询价…</translation>
    </message>
    <message>
        <location line="-424"/>
        <source>gpudesk cannot rent from %1 through its API. Rent it on %1&apos;s page, then paste the login line into a new session.</source>
        <translation>gpudesk 无法通过 API 从 %1 租用。请在 %1 的页面上租用，然后把登录命令粘贴到新会话中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>You have no %1 account in gpudesk, so it cannot rent this for you. Add your %1 API token in Providers (it goes to the keyring), or rent it on %1&apos;s page and paste the login line into a new session.</source>
        <translation>你在 gpudesk 中没有 %1 账户，因此无法代你租用。请在“服务商”中添加你的 %1 API 令牌（令牌保存在密钥环中），或在 %1 的页面上租用，然后把登录命令粘贴到新会话中。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open %1&apos;s page</source>
        <translation>打开 %1 的页面</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The provider has no machine for this right now: %1</source>
        <translation>服务商目前没有可用的机器：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+305"/>
        <source>Nothing was rented. %1</source>
        <translation>未租用任何实例。%1</translation>
    </message>
    <message>
        <location line="-293"/>
        <source>Check what will be rented. Nothing is rented until you press Rent.</source>
        <translation>请核对将要租用的内容。按下“租用”之前不会租用任何东西。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The demo provider, standing in for %1: it rents the demo server offline, and nothing is billed.</source>
        <translation>演示服务商，代替 %1：它以离线方式租用演示服务器，不产生任何费用。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>chosen by the provider</source>
        <translation>由服务商选择</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the provider&apos;s default image</source>
        <translation>服务商的默认镜像</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lambda Cloud sets the disk by the instance type.</source>
        <translation>Lambda Cloud 的磁盘大小由实例类型决定。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1&apos;s API rents on demand only.</source>
        <translation>%1 的 API 仅支持按需租用。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>In the demo these are the words of the provider it stands in for: the demo server itself bills nothing.</source>
        <translation>演示中显示的是它所代替的服务商的说明：演示服务器本身不产生任何费用。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The row you chose is a spot price; %1 rents on demand only through its API, so this is the on-demand price.</source>
        <translation>你选择的是竞价价格；%1 通过 API 仅支持按需租用，因此这里显示的是按需价格。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Spot: the provider can take the server back at any time (when outbid or when it needs the machine); save checkpoints often.</source>
        <translation>竞价：服务商可以随时收回服务器（出价被超过或其需要该机器时）；请经常保存检查点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rent for %1</source>
        <translation>租用（%1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(%1 GB each)</source>
        <translation>（每块 %1 GB）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>provider %1 instead of %2</source>
        <translation>服务商为 %1，而非 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU %1 instead of %2</source>
        <translation>GPU 为 %1，而非 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPU(s) instead of %2</source>
        <translation>%1 块 GPU，而非 %2 块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB per GPU instead of %2 GB</source>
        <translation>每块 GPU %1 GB，而非 %2 GB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 instead of %2</source>
        <translation>%1，而非 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The demo does not rent the offer you picked: it stands in with its own server and rents %1 there (the demo server shows all of its GPUs).</source>
        <translation>演示不会租用你选的报价：它用自己的服务器代替，在那里租用 %1（演示服务器会显示它的全部 GPU）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The provider&apos;s answer for this offer differs from the Catalog&apos;s: %1.</source>
        <translation>服务商对这个报价的答复与目录中的不同：%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This is not the offer you picked: %1.</source>
        <translation>这不是你选的报价：%1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Differences: %1.</source>
        <translation>不同之处：%1。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Asking for the new price…</source>
        <translation>正在查询新价格…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Renting %1 from %2 at %3.</source>
        <translation>正在从 %2 租用 %1，价格 %3。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Registering your SSH key…</source>
        <translation>正在注册你的 SSH 密钥…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sending the rent request (once)…</source>
        <translation>正在发送租用请求（仅一次）…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rented: instance %1. It bills from now on.</source>
        <translation>已租用：实例 %1。从现在起开始计费。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Host key recorded on first sight: %1</source>
        <translation>首次连接，已记录主机密钥：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host key already known: %1</source>
        <translation>主机密钥已知：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server presents a host key that differs from the one recorded for its address: %1. The login will ask before trusting it.</source>
        <translation>服务器出示的主机密钥与该地址已记录的不同：%1。登录时会先询问你是否信任。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Session &apos;%1&apos; is saved; logging in…</source>
        <translation>会话“%1”已保存；正在登录…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>You stopped the rent. Instance %1 is rented and may be billing.</source>
        <translation>你已停止租用。实例 %1 已租用，可能正在计费。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Logged in as %1. The environment check runs in the GPUs tab.</source>
        <translation>已以 %1 身份登录。环境检查在“GPU”页中运行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Ready: the environment check is done (see the GPUs tab).</source>
        <translation>就绪：环境检查已完成（见“GPU”页）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The GPU health check found a faulty GPU on instance %1:</source>
        <translation>GPU 健康检查在实例 %1 上发现了故障 GPU：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Terminate it (billing ends) and look for the next best offer, shown for confirmation before anything is rented? Keep it to ask the provider first (the GPUs tab lists the findings).</source>
        <translation>终止它（停止计费）并寻找下一个最合适的报价？租用前会先请您确认。也可以保留它，先联系服务商（GPU 标签页列出了检查结果）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Terminating instance %1…</source>
        <translation>正在终止实例 %1…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Terminated instance %1: it no longer bills. No other offer you can rent is left now; pick another GPU in the planner.</source>
        <translation>已终止实例 %1：不再计费。目前没有其他可租的报价；请在规划器中选择其他 GPU。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Terminated instance %1: it no longer bills.

Looking for the next best offer…</source>
        <translation>已终止实例 %1：不再计费。

正在寻找下一个最合适的报价…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stopped. Nothing was rented.</source>
        <translation>已停止。未租用任何实例。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You stopped waiting. Instance %1 is rented and may be billing.</source>
        <translation>你已停止等待。实例 %1 已租用，可能正在计费。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminate destroys it and ends its billing; Keep leaves it in Providers, where you can start or destroy it later.</source>
        <translation>“终止”会销毁它并结束计费；“保留”则把它留在“服务商”页面，之后可在那里启动或销毁。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Relaunch rents the same configuration again, after you confirm its price.</source>
        <translation>“重新租用”会在你确认价格后，再次租用相同的配置。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Instance %1 is rented, but: %2</source>
        <translation>实例 %1 已租用，但：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>It bills about %1 until it is terminated. Terminate it, or keep it (it then shows in Providers, where you can stop or terminate it later).</source>
        <translation>在释放之前，它大约按 %1 计费。请将其释放，或保留（之后会显示在“服务商”中，你可以稍后在那里关机或释放）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping… (a request already sent is answered first)</source>
        <translation>正在停止…（会先等待已发送请求的应答）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Terminated instance %1: it no longer bills.</source>
        <translation>已释放实例 %1：不再计费。</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+79"/>
        <source>Could not terminate instance %1: %2. Terminate it in Providers or the provider&apos;s console; it may be billing.</source>
        <translation>无法释放实例 %1：%2。请在“服务商”或服务商控制台中释放；它可能正在计费。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Kept instance %1. It bills until you stop or terminate it (Providers lists it).</source>
        <translation>已保留实例 %1。在你关机或释放之前它会一直计费（可在“服务商”中找到）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 has no machine for this right now. Nothing was rented.

Looking for the next best offer…</source>
        <translation>%1 目前没有可用的机器。未租用任何实例。

正在查找次优报价…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has no machine for this right now. Nothing was rented.</source>
        <translation>%1 目前没有可用的机器。未租用任何实例。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No other offer you can rent is left now. Try again later, or pick another GPU in the planner.</source>
        <translation>目前没有其他可租用的报价了。请稍后重试，或在规划器中选择其他 GPU。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The next best: %1 from %2 at %3.</source>
        <translation>次优报价：%2 的 %1，价格 %3。</translation>
    </message>
    <message>
        <location filename="../../ui/rent/pages.py" line="-83"/>
        <source>Register your SSH key with the provider</source>
        <extracomment>the progress steps, in order; the launch phases of core.providers.launch map onto them</extracomment>
        <translation>向服务商注册你的 SSH 密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rent the server</source>
        <translation>租用服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The provider finds a machine</source>
        <translation>服务商分配机器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server boots</source>
        <translation>服务器启动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH answers</source>
        <translation>SSH 响应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Record the server&apos;s host key</source>
        <translation>记录服务器的主机密钥</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the session and log in</source>
        <translation>保存会话并登录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the environment (GPUs, driver, CUDA, PyTorch)</source>
        <translation>检查环境（GPU、驱动、CUDA、PyTorch）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>a price the provider did not say</source>
        <translation>服务商未提供的价格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
</context>
<context>
    <name>RentedWatch</name>
    <message>
        <location filename="../../ui/rent/watch.py" line="+138"/>
        <source>gone</source>
        <extracomment>provider states that mean the instance no longer runs</extracomment>
        <translation>已不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The spot instance %1 at %2 was taken back by the provider (status: %3). Work since the last checkpoint on it is lost.</source>
        <translation>%2 上的竞价实例 %1 已被服务商收回（状态：%3）。该实例上自上次检查点以来的工作已丢失。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Instance %1 at %2 is no longer running (status: %3), and it was not stopped from this window.</source>
        <translation>%2 上的实例 %1 已不再运行（状态：%3），且并非在此窗口中关机。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instance taken back</source>
        <translation>实例已被收回</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Relaunch the same configuration? You see its price before anything is rented; then resume the job from its last checkpoint folder.</source>
        <translation>要按相同配置重新租用吗？租用前会先显示价格；之后可从上次的检查点文件夹恢复作业。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relaunch…</source>
        <translation>重新租用…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not now</source>
        <translation>暂不</translation>
    </message>
</context>
<context>
    <name>RunJobDialog</name>
    <message>
        <location filename="../../ui/jobs/run_dialog.py" line="+36"/>
        <source>Line %1 is not KEY=VALUE.</source>
        <translation>第 %1 行不是 KEY=VALUE 格式。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run a job</source>
        <translation>运行作业</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>e.g. python train.py --config cfg.yaml</source>
        <translation>例如 python train.py --config cfg.yaml</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>more arguments for the script (optional)</source>
        <translation>脚本的其他参数（可选）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> GPU process(es)</source>
        <translation> 个 GPU 进程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hyper-parameters</source>
        <translation>超参数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. llama-lora-r16</source>
        <translation>可选，例如 llama-lora-r16</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all; or e.g. 0 or 0,1,2,3 (sets CUDA_VISIBLE_DEVICES)</source>
        <translation>全部；或例如 0 或 0,1,2,3（设置 CUDA_VISIBLE_DEVICES）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conda environment</source>
        <translation>conda 环境</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>venv folder</source>
        <translation>venv 文件夹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TensorBoard log folder, e.g. runs (optional)</source>
        <translation>TensorBoard 日志文件夹，例如 runs（可选）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folders or patterns that &quot;Collect results&quot; offers for this job</source>
        <translation>“收集结果”为此作业提供的文件夹或匹配模式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nodes (each one runs torchrun; the first hosts the rendezvous)</source>
        <translation>节点（每个节点运行 torchrun；第一个节点负责 rendezvous）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (this server, rank 0)</source>
        <translation>%1（本服务器，rank 0）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connect the other servers (one tab each) to add them here.</source>
        <translation>连接其他服务器（每台一个标签页）后即可在此添加。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The first node&apos;s address as the other nodes reach it (often a private IP)</source>
        <translation>其他节点访问第一个节点所用的地址（通常是内网 IP）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rendezvous address</source>
        <translation>Rendezvous 地址</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rendezvous port</source>
        <translation>Rendezvous 端口</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Processes per node</source>
        <translation>每节点进程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Working folder</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Activate</source>
        <translation>激活</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TensorBoard logs</source>
        <translation>TensorBoard 日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Will run:</source>
        <translation>将运行：</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>(not passed)</source>
        <translation>（不传递）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not passed (e.g. %1)</source>
        <translation>不传递（例如 %1）</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Say what to run.</source>
        <translation>请填写要运行的内容。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>environment name, e.g. torch</source>
        <translation>环境名称，例如 torch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>folder, e.g. ~/venvs/torch</source>
        <translation>文件夹，例如 ~/venvs/torch</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>… on %1 servers</source>
        <translation>… 在 %1 台服务器上</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+4"/>
        <source>No secure password store was found on this computer, so passwords are not saved. On Linux install and unlock a Secret Service (GNOME Keyring or KWallet).</source>
        <translation>本机上没有找到安全的密码存储，因此不会保存密码。在 Linux 上请安装并解锁一个 Secret Service（GNOME Keyring 或 KWallet）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The only password store on this computer ({name}) keeps secrets in a file without real protection, so passwords are not saved. Install and unlock a Secret Service (GNOME Keyring or KWallet), or allow the file store in Settings.</source>
        <translation>本机上唯一的密码存储（{name}）把机密信息保存在一个没有真正保护的文件中，因此不会保存密码。请安装并解锁一个 Secret Service（GNOME Keyring 或 KWallet），或在“设置”中允许使用文件存储。</translation>
    </message>
</context>
<context>
    <name>ServerGuard</name>
    <message>
        <location line="-290"/>
        <source>{name}: {kind} alerts are sent by the app only.</source>
        <translation>{name}：{kind} 提醒只由应用发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: a signed {kind} robot needs a signature made with its secret at send time; the server guard does not keep that secret on a command line. Use the robot&apos;s keyword or IP setting for server alerts, or leave them to the app.</source>
        <translation>{name}：启用加签的 {kind} 机器人需要在发送时用密钥签名，而服务器守护不会把密钥放在命令行上。服务器提醒请改用机器人的关键词或 IP 安全设置，或交给应用发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: its address or headers hold characters the server cannot pass on safely.</source>
        <translation>{name}：其地址或请求头含有服务器无法安全传递的字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: the server sends only to http(s) addresses.</source>
        <translation>{name}：服务器只向 http(s) 地址发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: its secret could not be read from the keyring, so the server cannot send to it.</source>
        <translation>{name}：无法从钥匙串读取其密钥，服务器无法向它发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: no such alert channel.</source>
        <translation>{name}：没有这个提醒渠道。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{action} requested — not confirmed by {provider}</source>
        <translation>已请求{action} — {provider} 尚未确认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{words}; it last reported: {state}</source>
        <translation>{words};最后报告的状态:{state}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{text}&apos; is not a time of day like 02:00.</source>
        <translation>“{text}”不是像 02:00 这样的时刻。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the deadline as a time (02:00) or a duration (8h, 90m, 1h30m): not &apos;{text}&apos;.</source>
        <translation>截止时间请写成时刻（02:00）或时长（8h、90m、1h30m），而不是“{text}”。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A deadline must be between 1 minute and 31 days away.</source>
        <translation>截止时间必须在 1 分钟到 31 天之后。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A daily cap must be an amount above 0.</source>
        <translation>每日上限必须是大于 0 的金额。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A daily cap needs the server&apos;s price per hour (--rate).</source>
        <translation>每日上限需要服务器的每小时价格（--rate）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Say which command stops this server.</source>
        <translation>请说明用哪条命令停止这台服务器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Powering off ends the bill only on some providers: confirm it does here first.</source>
        <translation>只有部分服务商在关机后停止计费：请先确认这里如此。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Idle time and check interval must be positive.</source>
        <translation>空闲时间和检查间隔必须为正数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A budget needs the server&apos;s price per hour.</source>
        <translation>设置预算需要服务器的每小时价格。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An automatic terminate deletes the server and its disk: confirm it first (in the billing settings, or with --terminate-confirmed).</source>
        <translation>自动释放会删除服务器及其磁盘：请先确认（在计费设置中，或使用 --terminate-confirmed）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard cannot {action} this server ({how}): it can only {possible}.</source>
        <translation>守护程序无法对这台服务器执行 {action}（{how}）：只能 {possible}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shared tmux folder on the server belongs to another user: the guard&apos;s tmux runs in a private folder in ~/.gpudesk/tmux instead.</source>
        <translation>服务器上共享的 tmux 文件夹属于其他用户：守护程序的 tmux 改用 ~/.gpudesk/tmux 中的私有文件夹运行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tmux is not installed on the server: the guard runs under nohup (it survives logouts, not a restart of the server).</source>
        <translation>服务器上未安装 tmux：守护程序以 nohup 运行（退出登录后仍在，服务器重启后不在）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard cannot be installed: the server does not let gpudesk write its folder ({error}). Is the home folder read-only?</source>
        <translation>无法安装守护程序：服务器不允许 gpudesk 写入其文件夹（{error}）。主目录是只读的吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard could not start on the server: {error}.</source>
        <translation>守护程序无法在服务器上启动：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not read the guard&apos;s state: {error}.</source>
        <translation>无法读取守护程序的状态：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard is installed but not running (the server restarted?): install it again.</source>
        <translation>守护程序已安装但未运行（服务器重启过？）：请重新安装。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not remove the guard: {error}.</source>
        <translation>无法移除守护程序：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not touch the guard&apos;s heartbeat: {error}.</source>
        <translation>无法更新守护程序的心跳：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not pause the guard: {error}.</source>
        <translation>无法暂停守护程序：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not extend the deadline: {error}.</source>
        <translation>无法延后截止时间：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not extend the deadline: the server did not say the new one.</source>
        <translation>无法延后截止时间：服务器没有返回新的截止时间。</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <location line="+262"/>
        <source>The key file path holds a double quote.</source>
        <translation>密钥文件路径中含有双引号。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&apos;{host}&apos; is not a host name or IP address.</source>
        <translation>&apos;{host}&apos; 不是主机名或 IP 地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{user}&apos; is not a user name.</source>
        <translation>&apos;{user}&apos; 不是有效的用户名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file path holds a line break or another control character.</source>
        <translation>密钥文件路径中含有换行符或其他控制字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The proxy user name holds a line break or another control character.</source>
        <translation>代理用户名中含有换行符或其他控制字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The ProxyCommand holds a line break or another control character.</source>
        <translation>ProxyCommand 中含有换行符或其他控制字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;{hop}&apos; is not a jump host.</source>
        <translation>&apos;{hop}&apos; 不是有效的跳板机。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the session a name.</source>
        <translation>请为会话命名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the server&apos;s address (host name or IP).</source>
        <translation>请输入服务器地址（主机名或 IP）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port must be between 1 and 65535, not {port}.</source>
        <translation>端口必须在 1 到 65535 之间，而不是 {port}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the user name to log in as (often &apos;root&apos; on rented servers).</source>
        <translation>请输入登录用户名（租用的服务器上通常是 &apos;root&apos;）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown login method &apos;{method}&apos;.</source>
        <translation>未知的登录方式 &apos;{method}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the private key file.</source>
        <translation>请选择私钥文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} does not exist.</source>
        <translation>密钥文件 {path} 不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key file {path} cannot be read (check its permissions).</source>
        <translation>无法读取密钥文件 {path}（请检查其权限）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the proxy&apos;s address.</source>
        <translation>请输入代理地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy port must be between 1 and 65535, not {port}.</source>
        <translation>代理端口必须在 1 到 65535 之间，而不是 {port}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the ProxyCommand to run.</source>
        <translation>请输入要运行的 ProxyCommand。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown proxy type &apos;{kind}&apos;.</source>
        <translation>未知的代理类型 &apos;{kind}&apos;。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The hourly price cannot be negative.</source>
        <translation>每小时价格不能为负数。</translation>
    </message>
</context>
<context>
    <name>SessionBilling</name>
    <message>
        <location filename="../../ui/billing/tracker.py" line="+165"/>
        <location line="+5"/>
        <source>Server guard: %1</source>
        <extracomment>action, ok, message: an action ended (not emitted for one the provider only accepted so far)</extracomment>
        <translation>服务器守护：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Server guard: installed but not running — nothing watches this server while gpudesk is away</source>
        <translation>服务器守护：已安装但未运行 — gpudesk 不在时无人看管此服务器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Server guard: only logs a reminder after %1 min idle while gpudesk is away — it does not stop the bill</source>
        <translation>服务器守护：gpudesk 不在时，空闲 %1 分钟后仅记录提醒 — 不会停止计费</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stops the server</source>
        <translation>关机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>terminates the server</source>
        <translation>释放服务器</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>gpudesk&apos;s last heartbeat %1 s ago</source>
        <translation>gpudesk 上次心跳于 %1 秒前</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Guarded on the server: %1 after %2 min idle while gpudesk is away</source>
        <translation>服务器上已守护：gpudesk 不在时，空闲 %2 分钟后%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>While gpudesk was away, the server guard asked for: %1 at %2 — %3. It may still bill.</source>
        <translation>gpudesk 不在时，服务器守护程序请求了：%1（%2）— %3。可能仍在计费。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>While gpudesk was away, the server guard did: %1 at %2 (%3).</source>
        <translation>gpudesk 不在期间，服务器守护执行了：%1，时间 %2（%3）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>While gpudesk was away, the server guard tried: %1 at %2, and it failed (%3).</source>
        <translation>gpudesk 不在期间，服务器守护尝试了：%1，时间 %2，但失败了（%3）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not billed since then: about %1.</source>
        <translation>此后未计费：约 %1。</translation>
    </message>
</context>
<context>
    <name>SessionDialog</name>
    <message>
        <location filename="../../ui/session_dialog.py" line="+35"/>
        <location line="+49"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Private key file</source>
        <translation>私钥文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key stored in the app (keyring)</source>
        <translation>保存在应用中的密钥（密钥环）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH agent / Pageant</source>
        <translation>SSH agent / Pageant</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Edit session</source>
        <translation>编辑会话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Paste your provider&apos;s login, e.g. ssh -p 34567 root@region-9.example.com</source>
        <translation>粘贴服务商提供的登录命令，例如 ssh -p 34567 root@region-9.example.com</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login command</source>
        <translation>登录命令</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Log in with</source>
        <translation>登录方式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave empty to be asked when connecting</source>
        <translation>留空则在连接时询问</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>only if the key has one</source>
        <translation>仅当密钥设有口令时填写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passphrase</source>
        <translation>口令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save password / passphrase in the system keyring</source>
        <translation>在系统密钥环中保存密码/口令</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No system keyring was found; secrets will be asked for each time.</source>
        <translation>未找到系统密钥环；每次都会询问密码等机密信息。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+12"/>
        <source>Price per hour</source>
        <translation>每小时价格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. lambda, runpod, vast, autodl (optional)</source>
        <translation>例如 lambda、runpod、vast、autodl（可选）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Instance ID</source>
        <translation>实例 ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Jump host, proxy and agent</source>
        <translation>跳板机、代理和 agent</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>user@bastion:22 (several: comma-separated)</source>
        <translation>user@bastion:22（多个用逗号分隔）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jump host</source>
        <translation>跳板机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No proxy</source>
        <translation>不使用代理</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Proxy address</source>
        <translation>代理地址</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Proxy user</source>
        <translation>代理用户</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kept in the keyring</source>
        <translation>保存在密钥环中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy password</source>
        <translation>代理密码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ProxyCommand</source>
        <translation>ProxyCommand</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward my SSH agent (git/ssh on the server use my keys)</source>
        <translation>转发我的 SSH agent（服务器上的 git/ssh 使用我的密钥）</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Session (not saved)</source>
        <translation>会话（未保存）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Choose a private key</source>
        <translation>选择私钥</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>This key needs a passphrase. Enter it above (it is kept in the keyring).</source>
        <translation>此密钥需要口令。请在上方输入（它会保存在密钥环中）。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Save in the system keyring</source>
        <translation>保存到系统密钥环</translation>
    </message>
</context>
<context>
    <name>SessionTree</name>
    <message>
        <location filename="../../ui/sidebar.py" line="+40"/>
        <location line="+1"/>
        <source>Search sessions</source>
        <extracomment>billing states in which a server is not running, whatever its connection last said</extracomment>
        <translation>搜索会话</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>stopped at the provider</source>
        <translation>已在服务商处关机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>released at the provider</source>
        <translation>已在服务商处释放</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Connect all %1</source>
        <translation>全部连接 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Work on the selected servers…</source>
        <translation>批量操作选中的服务器…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New session…</source>
        <translation>新建会话…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>New folder…</source>
        <translation>新建文件夹…</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Rename folder…</source>
        <translation>重命名文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove folder (keeps its sessions)</source>
        <translation>删除文件夹（保留其中的会话）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+65"/>
        <source>Duplicate</source>
        <translation>复制会话</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>Move to folder</source>
        <translation>移动到文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(top level)</source>
        <translation>（顶层）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set up key login…</source>
        <translation>设置密钥登录…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New folder</source>
        <translation>新建文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+10"/>
        <source>Folder name:</source>
        <translation>文件夹名称：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rename folder</source>
        <translation>重命名文件夹</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The copy &apos;%1&apos; was made, but the login key of the original could not be copied from the password store. Use &apos;Set up key login…&apos; on the copy once it is connected with a password.</source>
        <translation>已创建副本“%1”，但无法从密码存储中复制原会话的登录密钥。副本用密码连接后，请在其上使用“设置密钥登录…”。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Delete session</source>
        <translation>删除会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the session &apos;%1&apos;? Its saved password is removed too.</source>
        <translation>删除会话 &apos;%1&apos;？其保存的密码也会一并删除。</translation>
    </message>
</context>
<context>
    <name>SettingsChoice</name>
    <message>
        <location filename="../../ui/settings_dialog.py" line="+240"/>
        <source>system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>en</source>
        <translation>English</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zh_CN</source>
        <translation>简体中文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>remind</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop</source>
        <translation>关机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminate</source>
        <translation>释放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>minute</source>
        <translation>分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hour</source>
        <translation>小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resume</source>
        <translation>续传</translation>
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
        <translation>等待服务器响应的秒数，超时则放弃。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send a keepalive every N seconds (0 turns it off).</source>
        <translation>每 N 秒发送一次 keepalive（0 为关闭）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count the connection as lost after this many seconds without an answer from the server, then reconnect (0 = never).</source>
        <translation>服务器超过此秒数无响应即视为连接断开，随后重新连接（0 = 从不）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also trust host keys from ~/.ssh/known_hosts.</source>
        <translation>同时信任 ~/.ssh/known_hosts 中的主机密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lines of scrollback kept per terminal.</source>
        <translation>每个终端保留的回滚行数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font size in points.</source>
        <translation>终端字号（磅）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font family; empty means the platform&apos;s monospace default.</source>
        <translation>终端字体；留空则使用系统默认等宽字体。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run shells inside a remote tmux session when the server has tmux.</source>
        <translation>服务器有 tmux 时，在远程 tmux 会话中运行 shell。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU sampling interval in milliseconds.</source>
        <translation>GPU 采样间隔（毫秒）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour theme: system, light or dark.</source>
        <translation>颜色主题：跟随系统、浅色或深色。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interface language: system, en or zh_CN.</source>
        <translation>界面语言：跟随系统、English 或简体中文。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyboard shortcuts you changed, by command; the others keep their defaults.</source>
        <translation>你修改过的快捷键（按命令）；其余命令保持默认快捷键。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release feed (JSON) to check for new versions; empty turns checks off.</source>
        <translation>用于检查新版本的发布源（JSON）；留空则不检查。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the release feed at most once a day at start-up.</source>
        <translation>启动时检查发布源，每天最多一次。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A GPU below this utilisation (%) counts as idle.</source>
        <translation>GPU 利用率（%）低于此值视为空闲。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask before billing runs on after this many idle minutes.</source>
        <translation>空闲达到这么多分钟后，在继续计费前询问。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An IDE working on the server (VS Code, Cursor, Windsurf) keeps an idle GPU at most this many minutes.</source>
        <translation>服务器上正在工作的 IDE(VS Code、Cursor、Windsurf)最多让空闲的 GPU 保持这么多分钟。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without an answer to the idle prompt: remind, stop or terminate.</source>
        <translation>空闲提示无人回应时：提醒、关机或释放。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Minutes to wait for an answer before an automatic stop/terminate.</source>
        <translation>自动关机/释放前等待回应的分钟数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Default billing step for typed prices: second, minute or hour.</source>
        <translation>手动输入价格时的默认计费粒度：秒、分钟或小时。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour the cost bar as today&apos;s spending nears this (0 = no budget).</source>
        <translation>今日消费接近此金额时为费用栏着色（0 = 无预算）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The guard on each server sends its own alerts (what it did, limits near, jobs that ended while the app was away) through the alert channels a server can use, so they arrive while this computer is off.</source>
        <translation>每台服务器上的守护通过服务器可用的提醒渠道自己发送提醒（它做了什么、限额将到、应用不在时结束的任务），这台电脑关机时也能收到。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Currency the catalog and planner show prices in: USD or CNY.</source>
        <translation>目录和规划器显示价格所用的货币：USD 或 CNY。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exchange rate used by the catalog: yuan per US dollar (default 1/0.138, the rate of the bundled snapshot).</source>
        <translation>目录使用的汇率：每美元兑人民币（默认 1/0.138，即内置快照的汇率）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Electricity price for the rent-versus-buy break-even, USD per kWh.</source>
        <translation>“租还是买”盈亏平衡计算所用的电价，美元/千瓦时。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare SHA-256 of every transferred file (resumed files are always compared).</source>
        <translation>比对每个传输文件的 SHA-256（续传的文件始终比对）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When a target exists: ask, overwrite, skip, rename or resume.</source>
        <translation>目标已存在时：询问、覆盖、跳过、重命名或续传。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show hidden files (names starting with a dot) in the file browser.</source>
        <translation>在文件浏览器中显示隐藏文件（名称以点开头）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The remote file pane follows the terminal&apos;s current folder.</source>
        <translation>远程文件窗格跟随终端的当前文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify when a transfer that took longer than this many seconds ends.</source>
        <translation>耗时超过此秒数的传输结束时发送通知。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds without an answer from the server before a transfer counts the connection as lost.</source>
        <translation>服务器无响应超过此秒数，传输即认为连接已断开。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy terminal text to the clipboard as soon as it is selected.</source>
        <translation>选中终端文本后立即复制到剪贴板。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask before pasting text of more than one line into a terminal.</source>
        <translation>向终端粘贴多行文本前询问。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backspace sends DEL (^?, what most servers expect); off sends ^H.</source>
        <translation>Backspace 发送 DEL（^?，大多数服务器的预期）；关闭则发送 ^H。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Programs on the server may set the local clipboard (OSC 52: set); off ignores them. Reading the clipboard is never allowed.</source>
        <translation>服务器上的程序可以设置本地剪贴板（OSC 52：set）；off 则忽略它们。永远不允许读取剪贴板。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List GPU processes every N seconds (the GPU samples keep their own interval).</source>
        <translation>每 N 秒列出一次 GPU 进程（GPU 采样有自己的间隔）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the environment check (driver, CUDA, PyTorch, disk, tmux) after connecting.</source>
        <translation>连接后运行环境检查（驱动、CUDA、PyTorch、磁盘、tmux）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time window the GPU charts show at first, in seconds (60 to 86400).</source>
        <translation>GPU 图表初始显示的时间窗口，单位秒（60 到 86400）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds between job list refreshes while a job runs.</source>
        <translation>作业运行时刷新作业列表的间隔秒数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the newest log lines in view in the Jobs tab.</source>
        <translation>在“作业”页中始终显示最新的日志行。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lines of a job&apos;s log kept in the Jobs tab&apos;s log view.</source>
        <translation>“作业”页日志视图中保留的作业日志行数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your own regex for metrics in job logs; named groups become series, (?P&lt;step&gt;…) is the step.</source>
        <translation>你自己的作业日志指标正则；命名分组会成为数据系列，(?P&lt;step&gt;…) 表示步数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notify when a job ends, with its duration and cost.</source>
        <translation>作业结束时发送通知，附带其用时和费用。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder Collect results saves its zip in (the last one you chose); empty: a folder per server under gpudesk&apos;s data folder.</source>
        <translation>“收集结果”保存 zip 的文件夹（即你上次选择的文件夹）；留空：在 gpudesk 数据文件夹下为每台服务器各建一个文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep a copy of the sessions (never passwords or keys) in this folder, e.g. a cloud-drive folder, and merge changes from other computers; empty turns it off.</source>
        <translation>在此文件夹（例如网盘文件夹）中保存一份会话副本（从不含密码或密钥），并合并其他电脑上的更改；留空则关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log every terminal&apos;s output to a file automatically (under terminal-logs in the data folder).</source>
        <translation>自动将每个终端的输出记录到文件（位于数据文件夹的 terminal-logs 下）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep escape sequences (colours, cursor moves) in terminal logs instead of plain text.</source>
        <translation>终端日志保留转义序列（颜色、光标移动），而不是纯文本。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new terminal log file once the current one reaches this many MB.</source>
        <translation>当前终端日志文件达到此大小（MB）后新建一个文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Older terminal log files kept per terminal besides the current one.</source>
        <translation>除当前文件外，每个终端保留的旧日志文件数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send many small new files as one tar stream when syncing a project (needs tar on the server).</source>
        <translation>同步项目时，将大量新的小文件合并为一个 tar 流发送（服务器上需要有 tar）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>macOS: the Option key works as Meta (sends Esc + the key, for Emacs and readline) instead of typing its character.</source>
        <translation>macOS：Option 键用作 Meta 键（发送 Esc + 该键，供 Emacs 和 readline 使用），而不是输入它的字符。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command that opens a downloaded file for editing, e.g. &quot;code --wait&quot; or &quot;notepad&quot;; empty uses the system&apos;s text editor.</source>
        <translation>用于打开已下载文件进行编辑的命令，例如 &quot;code --wait&quot; 或 &quot;notepad&quot;；留空则使用系统的文本编辑器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save passwords and tokens even when the only password store keeps them in a file without real protection (not recommended).</source>
        <translation>即使唯一的密码存储把它们保存在没有真正保护的文件中，也保存密码和令牌（不推荐）。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../ui/settings_dialog.py" line="-245"/>
        <source>Connections</source>
        <translation>连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transfers</source>
        <translation>传输</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Costs</source>
        <translation>费用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alerts</source>
        <translation>提醒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Catalog</source>
        <translation>GPU 选型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder sync</source>
        <translation>文件夹同步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passwords and tokens</source>
        <translation>密码和令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Appearance and language</source>
        <translation>外观和语言</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Updates</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Settings</source>
        <extracomment>Languages by their own names, the way every desktop app lists them: not translated.</extracomment>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>Search settings</source>
        <translation>搜索设置</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> (after a restart)</source>
        <translation>（重启后生效）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Alerts when you are away…</source>
        <translation>离开时的提醒…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No password store was found on this computer: passwords and tokens are not saved.</source>
        <translation>本机上没有找到密码存储：不会保存密码和令牌。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password store: %1. It keeps secrets in a file without real protection, so passwords and tokens are not saved unless you allow it below.</source>
        <translation>密码存储：%1。它把机密信息保存在没有真正保护的文件中，因此除非你在下方允许，否则不会保存密码和令牌。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Password store: %1. It keeps secrets in a file without real protection; you allowed it below.</source>
        <translation>密码存储：%1。它把机密信息保存在没有真正保护的文件中；你已在下方允许使用它。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Password store: %1.</source>
        <translation>密码存储：%1。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Change keyboard shortcuts…</source>
        <translation>修改快捷键…</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>No setting matches “%1”.</source>
        <translation>没有与“%1”匹配的设置。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restart gpudesk</source>
        <translation>重启 gpudesk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new language or theme is used after gpudesk restarts.</source>
        <translation>新的语言或主题将在 gpudesk 重启后生效。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart now</source>
        <translation>立即重启</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
</context>
<context>
    <name>ShortcutEditor</name>
    <message>
        <location filename="../../ui/shortcuts_dialog.py" line="+67"/>
        <source>Change keyboard shortcuts</source>
        <translation>修改快捷键</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Click a key field and press the new keys; the clear button removes them. In a terminal, Ctrl+letter keys belong to the shell, so terminal commands use Ctrl+Shift+letter.</source>
        <translation>点击按键框并按下新的组合键；清除按钮可删除快捷键。在终端中，Ctrl+字母键归 shell 使用，因此终端命令使用 Ctrl+Shift+字母。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>适用范围</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyboard shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keys for “%1”</source>
        <translation>“%1”的按键</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the default: %1</source>
        <translation>恢复为默认：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset “%1” to its default</source>
        <translation>将“%1”恢复为默认</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Reset all to defaults</source>
        <translation>全部恢复默认</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <location line="-113"/>
        <source>Keyboard shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change shortcuts…</source>
        <translation>修改快捷键…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../ui/shortcuts.py" line="+24"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forwards</source>
        <translation>端口转发</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quick connect</source>
        <translation>快速连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search sessions</source>
        <translation>搜索会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the current tab</source>
        <translation>关闭当前标签页</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quit gpudesk</source>
        <translation>退出 gpudesk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New terminal tab</source>
        <translation>新建终端标签页</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the terminal selection</source>
        <translation>复制终端中选中的文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paste into the terminal</source>
        <translation>粘贴到终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find in the terminal</source>
        <translation>在终端中查找</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the terminal&apos;s find bar</source>
        <translation>关闭终端的查找栏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous match in a job&apos;s log</source>
        <translation>作业日志中的上一个匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected forward</source>
        <translation>删除选中的端口转发</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected remote files</source>
        <translation>删除选中的远程文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename the selected remote file</source>
        <translation>重命名选中的远程文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh the file list</source>
        <translation>刷新文件列表</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ctrl + mouse wheel</source>
        <translation>Ctrl + 鼠标滚轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Terminal font size</source>
        <translation>终端字号</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>In the terminal, Ctrl+letter keys belong to the shell (Ctrl+C stops a program, Ctrl+R searches the history). Use Ctrl+Shift+letter for terminal commands.</source>
        <translation>在终端中，Ctrl+字母键归 shell 使用（Ctrl+C 中止程序，Ctrl+R 搜索历史）。终端命令请使用 Ctrl+Shift+字母。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In the terminal, keys without Ctrl go to the shell (letters, Alt+letter, arrows, function keys). Use Ctrl+Shift+letter for terminal commands.</source>
        <translation>在终端中，不带 Ctrl 的按键会发送给 shell（字母、Alt+字母、方向键、功能键）。终端命令请使用 Ctrl+Shift+字母。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>“%1” and “%2” both use %3. Give one of them other keys.</source>
        <translation>“%1”和“%2”都使用了 %3。请为其中一个换用其他按键。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“%1” cannot use %2: %3</source>
        <translation>“%1”不能使用 %2：%3</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>SpendingReport</name>
    <message>
        <location filename="../../ui/billing/report.py" line="-186"/>
        <source>Spending report</source>
        <translation>消费报告</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Day</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Billed time</source>
        <translation>计费时长</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Total: %1</source>
        <translation>总计：%1</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+10"/>
        <source>Export spending</source>
        <translation>导出消费记录</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>SyncDialog</name>
    <message>
        <location filename="../../ui/sync/dialog.py" line="+36"/>
        <source>Sync folders</source>
        <translation>同步文件夹</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>~/project (relative to your home on the server)</source>
        <translation>~/project（相对于服务器上的主目录）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Upload: this computer → server</source>
        <translation>上传：本机 → 服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download: server → this computer (results)</source>
        <translation>下载：服务器 → 本机（结果）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>More patterns, e.g. data/ *.npy (always left out: %1)</source>
        <translation>更多匹配模式，例如 data/ *.npy（始终排除：%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Respect .gitignore</source>
        <translation>遵循 .gitignore</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete files at the receiving side that the other side lacks</source>
        <translation>删除接收端有而发送端没有的文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved pair</source>
        <translation>已保存的文件夹对</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+97"/>
        <source>Local folder</source>
        <translation>本地文件夹</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Remote folder</source>
        <translation>远程文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude</source>
        <translation>排除</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Preview shows what would change; nothing is sent until you press Sync.</source>
        <translation>预览会显示将要变更的内容；按下“同步”之前不会发送任何文件。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>New pair</source>
        <translation>新建文件夹对</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Choose a local folder and a remote folder.</source>
        <translation>请选择本地文件夹和远程文件夹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Up to date: %1 files unchanged.</source>
        <translation>已是最新：%1 个文件无变化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 new, %2 changed, %3 deleted, %4 unchanged; %5 to send.</source>
        <translation>新增 %1，修改 %2，删除 %3，未变 %4；需发送 %5。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Files only at the receiving side are kept (tick Delete to remove them).</source>
        <translation>仅存在于接收端的文件会保留（勾选删除选项可将其移除）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sync failed: %1</source>
        <translation>同步失败：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Done: sent %1 files (%2), deleted %3.</source>
        <translation>完成：已发送 %1 个文件（%2），删除 %3 个。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cancelled. Files already sent stay; Preview shows what is left.</source>
        <translation>已取消。已发送的文件会保留；预览可查看剩余内容。</translation>
    </message>
</context>
<context>
    <name>SyncError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+781"/>
        <source>The pattern {pattern} has a [ without its ].</source>
        <translation>匹配模式 {pattern} 中有 [ 但缺少对应的 ]。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pattern {pattern} names an unknown class [:{name}:].</source>
        <translation>匹配模式 {pattern} 使用了未知的字符类 [:{name}:]。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pattern {pattern} ends with a lone backslash.</source>
        <translation>匹配模式 {pattern} 以单个反斜杠结尾。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped line {line} of {file}: {error}</source>
        <translation>已跳过 {file} 的第 {line} 行：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ignored .gitignore: it is larger than {size} bytes.</source>
        <translation>已忽略 .gitignore：它大于 {size} 字节。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown direction {direction}: use upload or download.</source>
        <translation>未知方向 {direction}：请使用 upload 或 download。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder to sync from does not exist here: {path}</source>
        <translation>要同步的源文件夹在本机上不存在：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The folder to sync from does not exist on the server: {path}</source>
        <translation>要同步的源文件夹在服务器上不存在：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {count} link(s) on the server, e.g. {path}: links are not copied.</source>
        <translation>已跳过服务器上的 {count} 个链接，例如 {path}：链接不会被复制。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: the server has a link there, and a sync never writes through one.</source>
        <translation>已跳过 {path}：服务器上该位置是一个链接，同步从不通过链接写入。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left out {names}: they would all be {path} here. Rename them on the server.</source>
        <translation>已排除 {names}：它们在本机上都会变成 {path}。请在服务器上给它们改名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; files with another mtime count as changed.</source>
        <translation>服务器上没有 sha256sum/shasum；修改时间不同的文件将视为已更改。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server sent more than {size} bytes for one listing; sync a smaller folder.</source>
        <translation>服务器为一次列表返回了超过 {size} 字节的数据；请同步一个更小的文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server did not answer within {seconds:.0f} s.</source>
        <translation>服务器在 {seconds:.0f} 秒内没有响应。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not create {path} on the server: {error}</source>
        <translation>无法在服务器上创建 {path}：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create folders under {path} on the server.</source>
        <translation>无法在服务器上的 {path} 下创建文件夹。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{path} changed while it was being sent; it goes with the next sync.</source>
        <translation>{path} 在发送过程中发生了变化；它将在下次同步时发送。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipped {path}: the server has a folder of that name.</source>
        <translation>已跳过 {path}：服务器上有一个同名文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not put {path} in place on the server.</source>
        <translation>无法将 {path} 放到服务器上的目标位置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>… and {count} more files that did not take their place.</source>
        <translation>… 另有 {count} 个文件未能放到目标位置。</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Some files could not be deleted on the server.</source>
        <translation>服务器上有些文件无法删除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skipped {path}: it is gone here since the comparison.</source>
        <translation>已跳过 {path}：比较之后它已从本机消失。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not create {path}: {error}</source>
        <translation>无法创建 {path}：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: a link is in the way here, and downloads never write through one.</source>
        <translation>已跳过 {path}：本机此处是一个链接，下载从不通过链接写入。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it would be written outside {folder}.</source>
        <translation>已跳过 {path}：它会被写到 {folder} 之外。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it is gone from the server since the comparison.</source>
        <translation>已跳过 {path}：比较之后它已从服务器上消失。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kept {path}: on this disk it is the same file as one on the server (the names differ only in case or accents).</source>
        <translation>已保留 {path}：在本机磁盘上，它与服务器上的某个文件是同一个文件（名称仅大小写或重音符号不同）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not delete {path}: {error}</source>
        <translation>无法删除 {path}：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed on the server while it was being fetched; it comes with the next sync.</source>
        <translation>{path} 在获取过程中在服务器上发生了变化；它将在下次同步时获取。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not put {path} in place: {error}</source>
        <translation>无法将 {path} 放到目标位置：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is not a folder.</source>
        <translation>{path} 不是文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Left out {path}: the server listed a name no folder can hold.</source>
        <translation>已排除 {path}：服务器列出的名称不能用作文件名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not list {path} on the server: {error}</source>
        <translation>无法列出服务器上的 {path}：{error}</translation>
    </message>
</context>
<context>
    <name>SyncFolder</name>
    <message>
        <location line="-131"/>
        <source>Could not read the sync file {path}: {error}.</source>
        <translation>无法读取同步文件 {path}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sync file {path} was written by a newer gpudesk. Update gpudesk on this computer.</source>
        <translation>同步文件 {path} 由更新版本的 gpudesk 写入。请在这台电脑上更新 gpudesk。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sync file {path} is damaged ({error}). It was left as it is: restore it from your cloud drive&apos;s history, or move it away to start afresh.</source>
        <translation>同步文件 {path} 已损坏（{error}）。文件保持原样：请从云盘的历史版本中恢复，或将其移走后重新开始。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not write the sync file {path}: {error}.</source>
        <translation>无法写入同步文件 {path}：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name}: {error}</source>
        <translation>{name}：{error}</translation>
    </message>
</context>
<context>
    <name>TelemetryFeed</name>
    <message>
        <location line="-199"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
</context>
<context>
    <name>TerminalCanvas</name>
    <message>
        <location filename="../../ui/terminal/canvas.py" line="+608"/>
        <source>Paste</source>
        <extracomment>Synchronized output (mode 2026) holds repaints at most this long, as other terminals do, so a program that never ends its update cannot freeze the view. the terminal&apos;s state; it hides QWidget.screen() (the monitor), which nothing here asks for &quot;allow&quot;, &quot;deny&quot; or None (ask) for the server this terminal shows; the view sets it</extracomment>
        <translation>粘贴</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Paste %n line(s) into the terminal?</source>
        <translation>
            <numerusform>将 %n 行粘贴到终端？</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It ends with a line break: the shell runs it at once.</source>
        <translation>末尾有换行：shell 会立即执行它。</translation>
    </message>
</context>
<context>
    <name>TerminalPanel</name>
    <message>
        <location filename="../../ui/terminal/panel.py" line="+44"/>
        <source>New tab</source>
        <translation>新标签页</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open another shell on this connection</source>
        <translation>在此连接上再打开一个 shell</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split right</source>
        <translation>向右拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split down</source>
        <translation>向下拆分</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+258"/>
        <source>Broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <location line="-256"/>
        <source>Send what you type to every terminal ticked in this menu</source>
        <translation>将你输入的内容发送到此菜单中勾选的所有终端</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Quick commands</source>
        <translation>快捷命令</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log to file</source>
        <translation>记录到文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write what these terminals show to log files (rotated by size)</source>
        <translation>将这些终端显示的内容写入日志文件（按大小轮转）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this session&apos;s terminal logs in the file manager</source>
        <translation>在文件管理器中显示此会话的终端日志</translation>
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
        <translation>空间不足，无法拆分此终端：每部分至少需要 %1 列、%2 行。</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>All terminals</source>
        <translation>所有终端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Broadcast (%1)</source>
        <translation>广播（%1）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Broadcasting</source>
        <translation>正在广播</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add quick command…</source>
        <translation>添加快捷命令…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Add quick command</source>
        <translation>添加快捷命令</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only for this session</source>
        <translation>仅用于此会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
</context>
<context>
    <name>TerminalView</name>
    <message>
        <location filename="../../ui/terminal/view.py" line="+248"/>
        <source>Could not open a shell: %1</source>
        <translation>无法打开 shell：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <location line="+12"/>
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>The shell has ended.</source>
        <translation>shell 已结束。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restart</source>
        <translation>重新启动</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connection lost. Your programs keep running in tmux session %1 on the server.</source>
        <translation>连接已断开。你的程序仍在服务器上的 tmux 会话 %1 中运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connection lost. The screen below is what the server sent last.</source>
        <translation>连接已断开。下面是服务器最后发送的画面。</translation>
    </message>
</context>
<context>
    <name>TransferError</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+310"/>
        <source>The fast path for small files failed ({error}); sending them one by one.</source>
        <translation>小文件快速通道失败（{error}）；改为逐个发送。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The fast path for small files failed ({error}); fetching them one by one.</source>
        <translation>小文件快速通道失败（{error}）；改为逐个获取。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The remote file or folder does not exist ({path}); it may have been moved or deleted.</source>
        <translation>远程文件或文件夹不存在（{path}）；它可能已被移动或删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The remote file or folder does not exist; it may have been moved or deleted.</source>
        <translation>远程文件或文件夹不存在；它可能已被移动或删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on the server ({path}). Check the folder&apos;s owner and permissions.</source>
        <translation>服务器上权限被拒绝（{path}）。请检查该文件夹的所有者和权限。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on the server. Check the folder&apos;s owner and permissions.</source>
        <translation>服务器上权限被拒绝。请检查该文件夹的所有者和权限。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full ({path}). Free some space and retry.</source>
        <translation>服务器磁盘已满（{path}）。请腾出空间后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full. Free some space and retry.</source>
        <translation>服务器磁盘已满。请腾出空间后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the server reported a failure</source>
        <translation>服务器报告了一个故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not complete the request ({path}): {error}.</source>
        <translation>服务器无法完成请求（{path}）：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server could not complete the request: {error}.</source>
        <translation>服务器无法完成请求：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local disk is full ({path}). Free some space and retry.</source>
        <translation>本地磁盘已满（{path}）。请腾出空间后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local disk is full. Free some space and retry.</source>
        <translation>本地磁盘已满。请腾出空间后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</source>
        <translation>{path} 正被其他程序占用（可能是杀毒扫描、OneDrive 或打开的编辑器，也可能文件夹是只读的）。请关闭它或稍等片刻，然后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file is in use by another program (an antivirus scan, OneDrive or an open editor may hold it, or the folder is read-only). Close it or wait a moment, then retry.</source>
        <translation>有文件正被其他程序占用（可能是杀毒扫描、OneDrive 或打开的编辑器，也可能文件夹是只读的）。请关闭它或稍等片刻，然后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on this computer ({path}). Choose a folder you can write to.</source>
        <translation>本机上权限被拒绝（{path}）。请选择你有写入权限的文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Permission denied on this computer. Choose a folder you can write to.</source>
        <translation>本机上权限被拒绝。请选择你有写入权限的文件夹。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local path is too long for this computer ({length} characters: {path}). Choose a shorter folder, or on Windows turn on long paths (the LongPathsEnabled setting).</source>
        <translation>本地路径对这台电脑来说太长（{length} 个字符：{path}）。请选择较短的文件夹，或在 Windows 上开启长路径支持（LongPathsEnabled 设置）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local file or folder does not exist ({path}); it may have been moved or deleted.</source>
        <translation>本地文件或文件夹不存在（{path}）；它可能已被移动或删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The local file or folder does not exist; it may have been moved or deleted.</source>
        <translation>本地文件或文件夹不存在；它可能已被移动或删除。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A local disk error occurred ({path}): {error}.</source>
        <translation>本地磁盘出错（{path}）：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A local disk error occurred: {error}.</source>
        <translation>本地磁盘出错：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Renamed {old} to {new}: the name is not safe on this computer.</source>
        <translation>已将 {old} 重命名为 {new}：该名称在本机上不安全。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection was lost ({error}).</source>
        <translation>连接已断开（{error}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A folder with this name already exists on the server ({path}).</source>
        <translation>服务器上已有同名文件夹（{path}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The partial copy of {name} on the server did not match; starting over.</source>
        <translation>服务器上 {name} 的未完成副本与源文件不一致，将从头开始。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s disk is full ({path}). Free some space there and retry.</source>
        <translation>服务器磁盘已满（{path}）。请在服务器上腾出空间后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} changed size while it was being uploaded; retry when it is complete.</source>
        <translation>{name} 在上传过程中大小发生了变化；请等它写完后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size check failed for {name}: the server has {got} bytes, expected {size}.</source>
        <translation>{name} 的大小校验失败：服务器上为 {got} 字节，应为 {size} 字节。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; {name} was checked by size only.</source>
        <translation>服务器上没有 sha256sum/shasum；{name} 只按大小做了校验。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHA-256 check failed for {name}; the copy was removed. Retry the transfer.</source>
        <translation>{name} 的 SHA-256 校验失败，副本已删除。请重新传输。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A folder with this name already exists here ({path}).</source>
        <translation>本机已有同名文件夹（{path}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The partial copy of {name} did not match the server&apos;s file; starting over.</source>
        <translation>{name} 的未完成副本与服务器上的文件不一致，将从头开始。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size check failed for {name}: got {got} bytes, expected {size}.</source>
        <translation>{name} 的大小校验失败：收到 {got} 字节，应为 {size} 字节。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>The connection was lost.</source>
        <translation>连接已断开。</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Unexpected error: {error}</source>
        <translation>意外错误：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not start SFTP: {error}.</source>
        <translation>无法启动 SFTP：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s SFTP subsystem did not answer as expected.</source>
        <translation>服务器的 SFTP 子系统没有按预期应答。</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>The server stopped taking data for {seconds:.0f} s while sending (timed out).</source>
        <translation>发送时服务器 {seconds:.0f} 秒未接收数据（超时）。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The connection was lost while sending ({error}).</source>
        <translation>发送时连接断开（{error}）。</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>The server stopped answering for {seconds:.0f} s (timed out).</source>
        <translation>服务器 {seconds:.0f} 秒未响应（超时）。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The connection was lost (the SFTP channel closed).</source>
        <translation>连接已断开（SFTP 通道已关闭）。</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>tar on the server failed: {error}</source>
        <translation>服务器上的 tar 执行失败：{error}</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>tar on the server failed: exit code {code}</source>
        <translation>服务器上的 tar 执行失败：退出码 {code}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the tar stream broke off ({error})</source>
        <translation>tar 数据流中断（{error}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the link {path}: it points outside the folder.</source>
        <translation>已跳过链接 {path}：它指向文件夹之外。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the link {path}: links to folders are not followed.</source>
        <translation>已跳过链接 {path}：不跟随指向文件夹的链接。</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>Skipped {path}: not a regular file.</source>
        <translation>已跳过 {path}：不是普通文件。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Skipped {path}: the server listed a name no folder can hold.</source>
        <translation>已跳过 {path}：服务器列出的名称不能用作文件名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped the broken link {path}.</source>
        <translation>已跳过失效的链接 {path}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file with this name already exists on the server ({path}).</source>
        <translation>服务器上已有同名文件（{path}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server has no sha256sum/shasum; the folder was checked by size only.</source>
        <translation>服务器上没有 sha256sum/shasum；该文件夹只按大小做了校验。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHA-256 check failed for {count} file(s), e.g. {path}. Retry the transfer.</source>
        <translation>{count} 个文件的 SHA-256 校验失败，例如 {path}。请重新传输。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file with this name already exists here ({path}).</source>
        <translation>本机已有同名文件（{path}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refused to write outside {folder} ({path}).</source>
        <translation>拒绝写到 {folder} 之外（{path}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped {path}: it would be written outside {folder}.</source>
        <translation>已跳过 {path}：它会被写到 {folder} 之外。</translation>
    </message>
</context>
<context>
    <name>Transfers</name>
    <message>
        <location filename="../../ui/files/queue_view.py" line="-130"/>
        <source>Queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Upload</source>
        <translation>上传</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
</context>
<context>
    <name>Updates</name>
    <message>
        <location filename="../../ui/core_strings.py" line="+1"/>
        <source>No release feed is configured (Settings → updates.feed_url).</source>
        <translation>未配置版本发布源（设置 → updates.feed_url）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not reach the release feed: {error}.</source>
        <translation>无法访问版本发布源：{error}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The release feed answered HTTP {status}.</source>
        <translation>版本发布源返回了 HTTP {status}。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The release feed is not in the expected format.</source>
        <translation>版本发布源的格式不符合预期。</translation>
    </message>
</context>
<context>
    <name>UploadTable</name>
    <message>
        <location filename="../../ui/multi/uploads.py" line="+6"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
</context>
<context>
    <name>UrlDialog</name>
    <message>
        <location filename="../../ui/forwards/panel.py" line="+25"/>
        <source>Open in browser</source>
        <translation>在浏览器中打开</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No web browser could be started on this computer. The forward is running; open this address in a browser yourself:</source>
        <translation>无法在这台电脑上启动浏览器。转发正在运行；请自行在浏览器中打开此地址：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy address</source>
        <translation>复制地址</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>Xid</name>
    <message>
        <location filename="../../ui/core_strings.py" line="-465"/>
        <source>GPU stopped processing</source>
        <translation>GPU 停止处理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine exception (usually the application&apos;s fault)</source>
        <translation>图形引擎异常（通常是应用程序的问题）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU memory page fault (usually the application&apos;s fault)</source>
        <translation>GPU 显存页错误（通常是应用程序的问题）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invalid or corrupted push buffer stream</source>
        <translation>无效或损坏的 push buffer 流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Driver firmware error</source>
        <translation>驱动固件错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU stopped processing one application&apos;s channel (the application&apos;s fault)</source>
        <translation>GPU 停止处理某个应用的通道（应用程序的问题）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine fault during context switch</source>
        <translation>上下文切换时图形引擎故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preemptive cleanup after an earlier error</source>
        <translation>先前错误之后的预防性清理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-bit ECC error (uncorrectable memory error)</source>
        <translation>双比特 ECC 错误（不可纠正的显存错误）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Display engine error</source>
        <translation>显示引擎错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error programming video memory interface</source>
        <translation>显存接口编程错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Internal micro-controller breakpoint/warning</source>
        <translation>内部微控制器断点/警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Internal micro-controller halt</source>
        <translation>内部微控制器停机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC page retirement or row remapping recorded (a GPU reset applies it)</source>
        <translation>已记录 ECC 页退役或行重映射（GPU 重置后生效）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ECC page retirement or row remapping failed</source>
        <translation>ECC 页退役或行重映射失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Video decoder exception</source>
        <translation>视频解码器异常</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graphics engine class error</source>
        <translation>图形引擎类错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink error</source>
        <translation>NVLink 错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU has fallen off the bus</source>
        <translation>GPU 已从总线上掉线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High single-bit ECC error rate</source>
        <translation>单比特 ECC 错误率过高</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contained ECC error (the affected application was stopped)</source>
        <translation>已隔离的 ECC 错误（受影响的应用已被停止）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uncontained ECC error (every application on the GPU is affected)</source>
        <translation>未隔离的 ECC 错误（GPU 上的所有应用都受影响）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context switch timeout</source>
        <translation>上下文切换超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GSP firmware RPC timeout</source>
        <translation>GSP 固件 RPC 超时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GSP firmware error</source>
        <translation>GSP 固件错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C2C link error</source>
        <translation>C2C 链路错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SPI PMU RPC read failure</source>
        <translation>SPI PMU RPC 读取失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SPI PMU RPC write failure</source>
        <translation>SPI PMU RPC 写入失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unrecovered ECC error</source>
        <translation>未恢复的 ECC 错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU initialization failure</source>
        <translation>GPU 初始化失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink network error</source>
        <translation>NVLink 网络错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU recovery action changed (see nvidia-smi -q &apos;GPU Recovery Action&apos;)</source>
        <translation>GPU 恢复操作已变更（见 nvidia-smi -q 的 &apos;GPU Recovery Action&apos;）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unlisted Xid (see NVIDIA&apos;s Xid catalog)</source>
        <translation>未列出的 Xid（见 NVIDIA 的 Xid 目录）</translation>
    </message>
</context>
<context>
    <name>_ClipboardNotice</name>
    <message>
        <location filename="../../ui/terminal/view.py" line="-216"/>
        <source>Allow for this server</source>
        <translation>允许此服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not from this server</source>
        <translation>不允许此服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A program on %1 wants to set your clipboard. Allow it for this server?</source>
        <translation>%1 上的程序想要设置您的剪贴板。允许此服务器这样做吗？</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 set your clipboard (%n character(s)).</source>
        <translation>
            <numerusform>%1 设置了您的剪贴板（%n 个字符）。</numerusform>
        </translation>
    </message>
</context>
</TS>
