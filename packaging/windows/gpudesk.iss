; Inno Setup script for gpudesk. Built by packaging/build.py on Windows:
;   iscc /DAppVersion=X.Y.Z /DSourceDir=dist\gpudesk /Odist packaging\windows\gpudesk.iss
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
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesInstallIn64BitMode=x64compatible
UninstallDisplayIcon={app}\gpudesk.exe

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "zh"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
Name: "{group}\gpudesk"; Filename: "{app}\gpudesk.exe"
Name: "{autodesktop}\gpudesk"; Filename: "{app}\gpudesk.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\gpudesk.exe"; Description: "{cm:LaunchProgram,gpudesk}"; Flags: nowait postinstall skipifsilent
