UPDATE package_documents SET document = X'FFFE007B';
