UPDATE package_documents SET document = zeroblob(3000000);
