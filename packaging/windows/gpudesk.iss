; Inno Setup script for gpudesk. Built by packaging/build.py on Windows:
;   ISCC /DAppVersion=X.Y.Z /DSourceDir=dist\gpudesk /Odist packaging\windows\gpudesk.iss
; CI installs exactly InnoVersion (below) with choco; an older compiler stops here, not in a user's hands.
#define InnoVersion "6.4.3"
#if Ver < EncodeVer(6, 4, 3)
  #error gpudesk's installer needs Inno Setup 6.4.3 or later
#endif
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\gpudesk"
#endif

[Setup]
AppId={{6B0F2C4E-2D1A-4C55-9C1E-8F3A6A9E1D27}
AppName=gpudesk
AppVersion={#AppVersion}
AppPublisher=gpudesk
DefaultDirName={autopf}\gpudesk
DefaultGroupName=gpudesk
OutputBaseFilename=gpudesk-{#AppVersion}-setup
SetupIconFile=..\..\gpudesk\resources\gpudesk.ico
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
; Per-user (no admin, %LOCALAPPDATA%\Programs) or all users, chosen in a dialog; /CURRENTUSER or /ALLUSERS in scripts.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
UninstallDisplayIcon={app}\gpudesk.exe
; The PATH entry of the "gpudesk command" task takes effect in new terminals without a sign-out.
ChangesEnvironment=yes
CloseApplications=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
; Inno 6 ships no Simplified Chinese messages: the file lives beside this script.
Name: "zh"; MessagesFile: "ChineseSimplified.isl"

[CustomMessages]
en.AddToPath=Add the &gpudesk command to PATH (for terminals and scripts)
en.CommandLine=Command line:
zh.AddToPath=将 gpudesk 命令添加到 PATH（供终端和脚本使用）(&G)
zh.CommandLine=命令行：

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"
Name: "addtopath"; Description: "{cm:AddToPath}"; GroupDescription: "{cm:CommandLine}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion
; `gpudesk` in a terminal runs the console gpudesk-cli.exe (gpudesk.exe is the windowed app).
Source: "gpudesk.cmd"; DestDir: "{app}\bin"; Flags: ignoreversion

[Icons]
Name: "{group}\gpudesk"; Filename: "{app}\gpudesk.exe"
Name: "{autodesktop}\gpudesk"; Filename: "{app}\gpudesk.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\gpudesk.exe"; Description: "{cm:LaunchProgram,gpudesk}"; Flags: nowait postinstall skipifsilent

[Code]
{ The PATH entry for {app}\bin: the user's PATH for a per-user install, the system PATH for an all-users one. }
const
  UserEnvKey = 'Environment';
  SystemEnvKey = 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment';

function EnvRoot: Integer;
begin
  if IsAdminInstallMode then
    Result := HKEY_LOCAL_MACHINE
  else
    Result := HKEY_CURRENT_USER;
end;

function EnvKey: String;
begin
  if IsAdminInstallMode then
    Result := SystemEnvKey
  else
    Result := UserEnvKey;
end;

function BinDir: String;
begin
  Result := ExpandConstant('{app}\bin');
end;

procedure AddToPath;
var
  Current: String;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Current) then
    Current := '';
  if Pos(';' + Uppercase(BinDir) + ';', ';' + Uppercase(Current) + ';') > 0 then
    Exit;
  if (Current <> '') and (Copy(Current, Length(Current), 1) <> ';') then
    Current := Current + ';';
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Current + BinDir);
end;

procedure RemoveFromPath;
var
  Current, Padded: String;
  P: Integer;
begin
  if not RegQueryStringValue(EnvRoot, EnvKey, 'Path', Current) then
    Exit;
  Padded := ';' + Current + ';';
  P := Pos(';' + Uppercase(BinDir) + ';', Uppercase(Padded));
  if P = 0 then
    Exit;
  Delete(Padded, P, Length(BinDir) + 1);
  RegWriteExpandStringValue(EnvRoot, EnvKey, 'Path', Copy(Padded, 2, Length(Padded) - 2));
end;

procedure CurStepChanged(CurStep: TSetupStep);
begin
  if (CurStep = ssPostInstall) and WizardIsTaskSelected('addtopath') then
    AddToPath;
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if CurUninstallStep = usUninstall then
    RemoveFromPath;
end;
