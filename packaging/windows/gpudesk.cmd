@echo off
rem gpudesk on PATH: runs the console gpudesk-cli.exe beside the windowed app.
"%~dp0..\gpudesk-cli.exe" %*
exit /b %ERRORLEVEL%
